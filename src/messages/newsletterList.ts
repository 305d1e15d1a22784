/** Issue 14: the newsletters below the form, with status, counts and actions. */
export const newsletterListMessages = {
  title: 'Newsletteri',
  loading: 'Učitavanje newslettera…',
  failed: 'Popis newslettera nije učitan.',
  retry: 'Pokušaj ponovno',
  reload: 'Osvježi popis',
  empty: 'Još nema stvorenih newslettera.',
  scheduledAt: 'Slanje',
  status: {
    scheduled: 'Zakazan',
    sending: 'Šalje se',
    sent: 'Poslan',
    cancelled: 'Otkazan',
  },
  counts: (counts: {
    pending: number;
    sent: number;
    failed: number;
    skipped: number;
    cancelled: number;
    uncertain: number;
  }) =>
    `Poslano ${counts.sent}, čeka ${counts.pending}, neuspjelo ${counts.failed}, odjavljeni ${counts.skipped}, otkazano ${counts.cancelled}, možda dvaput ${counts.uncertain}`,
  cancel: 'Otkaži',
  preview: 'Pregled',
  sendTest: 'Pošalji probni meni',
  working: 'Radnja u tijeku…',
  cancelled: 'Newsletter je otkazan.',
  testSent: 'Probni newsletter poslan je na vašu adresu.',
  previewTitle: (subject: string) => `Pregled: ${subject}`,
  closePreview: 'Zatvori pregled',
} as const;
