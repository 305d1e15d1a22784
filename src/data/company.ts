/**
 * The trader's company details: footer, legal pages and contact links read them here.
 * Demo content: invented, replaced by the trader in this one place. The legally required
 * items follow Zakon o trgovačkim društvima, čl. 21 (register court, MBS, OIB, share capital,
 * management board, bank and IBAN).
 */
export interface BankAccount {
  bank: string;
  iban: string;
}

export const company = {
  legalName: 'Dentalia Sjever d.o.o. za trgovinu i usluge',
  shortName: 'Dentalia Sjever d.o.o.',
  address: { street: 'Zagrebačka ulica 112', postalCode: '42000', city: 'Varaždin' },
  oib: '48192047359',
  registerCourt: 'Trgovački sud u Varaždinu',
  mbs: '070123456',
  shareCapital: '2.654,46 EUR',
  shareCapitalPaidInFull: true,
  managementBoard: ['Marija Horvat Novak, direktorica', 'Ivan Kovačić, član uprave'],
  phone: '+385 42 555 010',
  email: 'info@dentalia.hr',
  privacyEmail: 'privatnost@dentalia.hr',
  supportEmail: 'podrska@dentalia.hr',
  social: { label: 'Facebook', url: 'https://www.facebook.com/dentalia.sjever' },
  bankAccounts: [
    { bank: 'Zagrebačka banka d.d.', iban: 'HR29 2360 0001 1023 4567 8' },
    { bank: 'Privredna banka Zagreb d.d.', iban: 'HR56 2340 0091 1109 8765 4' },
    { bank: 'Erste&Steiermärkische Bank d.d.', iban: 'HR32 2402 0061 1004 5678 9' },
    { bank: 'Raiffeisenbank Austria d.d.', iban: 'HR25 2484 0081 1065 4321 0' },
  ] satisfies BankAccount[],
  deliveryDisclaimer:
    'Proizvode isporučujemo isključivo zdravstvenim djelatnicima i ustanovama na području Republike Hrvatske. Cijene, dostupnost i rokovi isporuke podložni su promjenama; konačnu ponudu potvrđuje naš prodajni predstavnik.',
  webmaster: { label: 'Izrada i održavanje: Studio Mreža', url: 'https://example.com' },
} as const;

export type Company = typeof company;
