/** Failures the toasts report (SPEC 8 "Errors"). */
export const errorsMessages = {
  authExpired: 'Auth expired.',
  unexpected: 'Dogodila se neočekivana pogreška. Molimo, pokušajte ponovno.',
  generic: (json: string) => `Dogodila se pogreška: ${json}`,
  diskFull:
    'Na poslužitelju nema dovoljno slobodnog prostora za ovaj prijenos. Obratite se tehničkoj podršci.',
} as const;
