/** The texts of the page frame every screen shares: loading, failure, retry, new tab. */
export const shellMessages = {
  loadingConfig: 'Učitavanje…',
  /** A page or home section whose code failed to load or whose render threw. */
  loadFailed: 'Dio stranice nije se uspio učitati.',
  retry: 'Pokušaj ponovno',
  configFailed:
    'Stranica se trenutno ne može učitati. Molimo, pokušajte ponovno za nekoliko trenutaka.',
  /** ExternalLink and the gallery: a link that opens a new tab says so. */
  newTab: '(otvara se u novoj kartici)',
} as const;
