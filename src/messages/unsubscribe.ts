/** SPEC 2 "Newsletter unsubscribe", 4 "Unsubscribe", 5 "Unsubscribe", 8 "Unsubscribe". */
export const unsubscribeMessages = {
  title: (brand: string) => `Odjava s newslettera ${brand}`,
  campaign: {
    courses: 'Newsletter o tečajevima',
    catalogs: 'Newsletter s novostima iz kataloga',
  },
  inProgress: 'Odjava u tijeku…',
  done: 'Uspješno ste se odjavili s newslettera.',
  doneDetail: 'Više vam ga nećemo slati.',
  alreadyUnsubscribed: 'Već ste se odjavili s newslettera.',
  contactUs: (email: string) =>
    `Odjava trenutno nije moguća. Molimo vas, javite nam se izravno na ${email} i odjavit ćemo vas.`,
  failed: 'Odjava nije uspjela.',
  home: 'Natrag na početnu stranicu',
} as const;
