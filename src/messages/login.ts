/** SPEC 2 "Sign-in", 5 "Login", 8 "Login". */
export const loginMessages = {
  title: 'Prijava',
  email: 'Email',
  password: 'Lozinka',
  submit: 'Prijavi se',
  submitting: 'Prijava u tijeku…',
  forgotPassword: 'Zaboravljena lozinka',
  robotCheckRequired: "Molimo, pritisnite 'I'm not a robot'.",
  checkCredentials: 'Molimo, provjerite još jedanput svoje korisničke podatke.',
  badRequest: 'Molimo, provjerite još jednom ispravnost upisanih podataka.',
  wrongPassword: 'Čini se da ste unijeli pogrešnu lozinku.',
  deactivated:
    'Vaš je račun deaktiviran. Ako mislite da je to pogreška, obratite se administratoru ili osobi koja vas je pozvala.',
  userNotFound: 'Nismo uspjeli pronaći korisnika s ovim emailom...',
  serverError: 'Nažalost, trenutno imamo tehničkih poteškoća. Molimo, pokušajte kasnije.',
  failed: 'Prijava nije uspjela, pokušajte ponovno kasnije.',
} as const;
