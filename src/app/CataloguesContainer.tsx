import { aprilCatalogue } from '../data/catalogues.ts';
import { companies } from '../data/companies.ts';
import { CataloguesPage } from '../views/CataloguesPage.tsx';
import { NewsletterSubscriptionContainer } from './NewsletterSubscriptionContainer.tsx';

/** /katalozi: the catalogue, the catalogues newsletter and the supplier grid. */
export function CataloguesContainer() {
  return (
    <CataloguesPage
      catalogue={aprilCatalogue}
      companies={companies}
      newsletter={<NewsletterSubscriptionContainer campaign="catalogs" />}
    />
  );
}
