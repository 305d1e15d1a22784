import type { ReactNode } from 'react';
import type { Company } from '../data/companies.ts';
import { cataloguesMessages } from '../messages/catalogues.ts';
import { SupplierGrid } from './SupplierGrid.tsx';
import './pages.css';
import './CataloguesPage.css';

export interface Catalogue {
  title: string;
  href: string;
  sizeBytes: number;
}

export interface CataloguesPageProps {
  catalogue: Catalogue;
  companies: readonly Company[];
  /** The catalogues newsletter subscribe button (SPEC 2), rendered by its container. */
  newsletter?: ReactNode;
}

/** /katalozi, 'Proizvodi i katalozi' (SPEC 2 "Products and catalogues"). */
export function CataloguesPage({ catalogue, companies, newsletter }: CataloguesPageProps) {
  return (
    <article className="page" aria-labelledby="catalogues-title">
      <header className="page-header">
        <h1 id="catalogues-title" className="page-title">
          {cataloguesMessages.title}
        </h1>
        <p className="page-lead">{cataloguesMessages.lead}</p>
      </header>

      <div className="catalogues__cards">
        <section className="catalogues__card" aria-labelledby="catalogue-title">
          <h2 id="catalogue-title">{cataloguesMessages.catalogueHeading}</h2>
          <p>{catalogue.title}</p>
          <a className="button catalogues__download" href={catalogue.href} download>
            <span>{cataloguesMessages.download}</span>
            <span className="catalogues__file">
              ({cataloguesMessages.fileDetails(formatFileSize(catalogue.sizeBytes))})
            </span>
          </a>
        </section>
        {newsletter && (
          <section className="catalogues__card" aria-labelledby="catalogue-newsletter-title">
            <h2 id="catalogue-newsletter-title">{cataloguesMessages.newsletterHeading}</h2>
            <p>{cataloguesMessages.newsletterLead}</p>
            {newsletter}
          </section>
        )}
      </div>

      <section className="page-section" aria-labelledby="suppliers-title">
        <h2 id="suppliers-title">{cataloguesMessages.suppliers}</h2>
        <p className="catalogues__suppliers-lead">{cataloguesMessages.suppliersLead}</p>
        <SupplierGrid companies={companies} showHosts />
      </section>
    </article>
  );
}

/** '4,2 MB' or '850 kB', as Croatian readers write sizes. */
export function formatFileSize(bytes: number): string {
  const megabytes = bytes / 1_000_000;
  if (megabytes < 1) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${new Intl.NumberFormat('hr-HR', { maximumFractionDigits: 1 }).format(megabytes)} MB`;
}
