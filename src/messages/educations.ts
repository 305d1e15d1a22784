/** SPEC 2 "Education library", "Education viewer", 4 "Viewer", 8. */
export const educationsMessages = {
  title: 'Video edukacije',
  loading: 'Učitavanje edukacija…',
  loadFailed: 'Nažalost, nije uspjelo učitavanje edukacija.',
  retry: 'Pokušaj ponovno',
  /** Issue 29: an address of an education that does not exist or is not the visitor's to see. */
  educationUnavailable: 'Ta edukacija ne postoji ili vam nije dostupna.',
  /** Issue 29: the education could not be fetched (the connection or the server failed). */
  educationLoadFailed: 'Nažalost, nije uspjelo učitavanje edukacije. Pokušajte ponovno.',
  none: 'Trenutno nema dostupnih edukacija. Navratite kasnije!',
  partnerFilter: 'Partner',
  allPartners: 'Svi partneri',
  partnerOption: (name: string, count: number) => `${name} (${count})`,
  show: 'Prikaži edukaciju',
  /** Read after 'Prikaži edukaciju' on each card, so that its name says which one it opens. */
  showOf: (title: string) => ` (${title})`,
  back: 'Natrag na popis edukacija',
  loadingEducation: 'Učitavanje edukacije…',
  loadingVideo: 'Učitavanje videa…',
  /** An upload without a published rendition yet (administrators only, decision 0049). */
  videoProcessing: 'Video se još obrađuje i moći ćete ga pogledati čim bude spreman.',
  videoFailed: 'Učitavanje videa edukacije nije uspjelo.',
  contactAdministrator: 'Kontaktirajte administartora.',
  play: (title: string) => `Pokreni video: ${title}`,
  videoLabel: (title: string) => `Video: ${title}`,
  lecturer: 'Predavač',
  partner: 'Partner',
  country: 'Država snimanja',
  subtitleLanguage: 'Jezik titlova',
  recordedOn: 'Snimljeno',
  addedOn: 'Dodano',
  /** Issue 27: the HLS viewer's quality and captions selects. */
  quality: 'Kvaliteta',
  qualityAuto: 'Automatski',
  qualityOption: (height: number) => `${height}p`,
  captions: 'Titlovi',
  captionsOff: 'Isključeno',
} as const;

const languageNames = new Intl.DisplayNames(['hr'], { type: 'language' });

/** A caption language's Croatian name (`en` → "engleski"), or the tag itself when unknown. */
export function captionLanguageName(language: string): string {
  try {
    return languageNames.of(language) ?? language;
  } catch {
    return language;
  }
}
