/** SPEC 2 "Set new password", 5, 8 "Set new password". */
export const newPasswordMessages = {
  title: 'Postavite novu lozinku',
  password: 'Nova lozinka',
  confirmation: 'Ponovite novu lozinku',
  submit: 'Promijeni lozinku',
  submitting: 'Spremanje…',
  mismatch: 'Unesite istu lozinku dvaput.',
  tokenExpired: 'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
  changed: 'Uspješno promijenjena lozinka!',
} as const;
