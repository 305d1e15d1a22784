import type { Company } from '../data/companies.ts';
import { ExternalLink } from './ExternalLink.tsx';
import './SupplierGrid.css';

export interface SupplierGridProps {
  companies: readonly Company[];
  /** /katalozi names each supplier's host under its logo; the home page shows logos only. */
  showHosts: boolean;
}

/** Supplier logos, each linking to the supplier's site (https) in a new tab (SPEC 2). */
export function SupplierGrid({ companies, showHosts }: SupplierGridProps) {
  return (
    <ul className={showHosts ? 'suppliers' : 'suppliers suppliers--compact'}>
      {companies.map((company) => (
        <li key={company.url}>
          <ExternalLink href={`https://${company.url}`} className="supplier">
            <img
              className="supplier__logo"
              src={company.img}
              alt={company.name}
              width={240}
              height={72}
              loading="lazy"
            />
            {showHosts && <span className="supplier__host">{company.url}</span>}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
