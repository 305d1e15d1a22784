/** SPEC 2 "Home", 9: the hero and the lazily loaded sections. */
export const homeMessages = {
  slogan: 'Vaš pouzdan partner sa sjeverozapada.',
  lead: 'Dentalni materijali, instrumenti i oprema vodećih svjetskih proizvođača, stručni tečajevi i video edukacije za doktore dentalne medicine i dentalne tehničare.',
  pauseRotation: 'Zaustavi izmjenu fotografija',
  playRotation: 'Pokreni izmjenu fotografija',
  exclusivePartners: 'Novi ekskluzivni partneri',
  exclusivePartnersLead: 'Od sada u našoj ponudi, kao ekskluzivni zastupnik za Hrvatsku.',
  products: 'Izdvojeno iz ponude',
  highlighted: 'Istaknuto',
  manufacturers: 'Proizvođači s kojima surađujemo',
  map: 'Prodajni predstavnici po regijama',
  mapLead: 'Odaberite svoju regiju i javite se prodajnom predstavniku koji brine o vašem području.',
  euFunding: 'Projekt sufinanciran sredstvima Europske unije',
} as const;
