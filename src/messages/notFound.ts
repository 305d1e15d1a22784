/** A path that names no page. */
export const notFoundMessages = {
  title: 'Stranica nije pronađena',
  body: 'Stranica koju tražite ne postoji ili je premještena.',
  home: 'Natrag na početnu stranicu',
} as const;
