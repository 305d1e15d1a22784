/** SPEC 2 "About us". */
export const aboutMessages = {
  title: 'O nama',
  lead: 'Više od dvadeset godina opskrbljujemo ordinacije dentalne medicine i dentalne laboratorije u cijeloj Hrvatskoj. Naši prodajni predstavnici dolaze u vašu ordinaciju, a referenti i računovodstvo brinu da narudžbe, isporuke i računi stignu na vrijeme.',
  phone: 'Telefon',
  supportEmail: 'E-pošta za podršku',
  mapSwitch: 'Prikaži kartu regija',
  salesRepresentatives: 'Prodajni predstavnici',
  referents: 'Referenti',
  accounting: 'Računovodstvo i financije',
  regions: 'Regije',
} as const;
