/** SPEC 2 "Logout", 4 "Logout page". */
export const logoutMessages = {
  done: 'Uspješno ste odjavljeni!',
  countdown: (seconds: number) => `Preusmjeravanje na početnu stranicu za ${seconds}…`,
} as const;
