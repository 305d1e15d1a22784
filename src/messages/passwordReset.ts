/** SPEC 4 "Password-reset dialog", 8 "Password reset request". */
export const passwordResetMessages = {
  title: 'Zaboravljena lozinka',
  description:
    'Upišite email adresu svog računa i poslat ćemo vam upute za postavljanje nove lozinke.',
  requested: 'Uskoro biste trebali dobiti mail s uputama za postavljanje nove lozinke!',
  failed: 'Nažalost, obnova vaše lozinke nije uspjela. Pokušajte kasnije.',
} as const;
