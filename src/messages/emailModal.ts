/** SPEC 5: the e-mail input modal shared by the password-reset dialog and the newsletter modal. */
export const emailModalMessages = {
  emailLabel: 'Email adresa',
  submit: 'Pošalji',
  close: 'Zatvori',
  submitting: 'Slanje…',
  unexpectedFailure: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
} as const;
