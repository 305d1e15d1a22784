/** SPEC 2 "Products and catalogues". */
export const cataloguesMessages = {
  title: 'Proizvodi i katalozi',
  lead: 'Preuzmite naš katalog proizvoda i prijavite se na newsletter kako biste prvi saznali za nove proizvode i akcije.',
  catalogueHeading: 'Katalog proizvoda',
  download: 'Preuzmi katalog',
  fileDetails: (size: string) => `PDF, ${size}`,
  newsletterHeading: 'Newsletter kataloga',
  newsletterLead: 'Prijavite se i prvi saznajte za nove kataloge, proizvode i akcije.',
  suppliers: 'Dobavljači',
  suppliersLead: 'Proizvođači čije proizvode nudimo. Poveznice vode na njihove mrežne stranice.',
} as const;
