/** SPEC 2 "About us", 4 "Map": the region map shared by /info and the home page. */
export const regionMapMessages = {
  label: 'Karta regija prodajnih predstavnika',
  hint: 'Odaberite regiju na karti (mišem ili tipkovnicom: Tab pa Enter) i prikazat ćemo prodajne predstavnike za to područje.',
  loading: 'Učitavanje karte…',
  clear: 'Poništi odabir',
  noRepresentatives: 'Za ovu regiju javite nam se na središnji broj telefona.',
  representativesOf: (regionName: string) => `Prodajni predstavnici: ${regionName}`,
} as const;
