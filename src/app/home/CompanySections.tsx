import { companies } from '../../data/companies.ts';
import { homeMessages } from '../../messages/home.ts';
import { HomeSection } from '../../views/HomeSection.tsx';
import { SupplierGrid } from '../../views/SupplierGrid.tsx';

/** 'Novi ekskluzivni partneri': shown only when a company is an exclusive partner (SPEC 2). */
export function ExclusivePartnersSection() {
  const exclusive = companies.filter((company) => company.isExclusive);
  if (exclusive.length === 0) return null;
  return (
    <HomeSection
      id="ekskluzivni-partneri"
      title={homeMessages.exclusivePartners}
      lead={homeMessages.exclusivePartnersLead}
    >
      <SupplierGrid companies={exclusive} showHosts={false} />
    </HomeSection>
  );
}

/** 'Proizvođači s kojima surađujemo': every supplier. */
export function ManufacturersSection() {
  return (
    <HomeSection id="proizvodaci" title={homeMessages.manufacturers} tinted>
      <SupplierGrid companies={companies} showHosts={false} />
    </HomeSection>
  );
}
