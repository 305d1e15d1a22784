import { Link } from 'wouter';
import type { Company } from '../data/company.ts';
import { routes } from '../routes.ts';
import { ExternalLink } from './ExternalLink.tsx';
import './Footer.css';

export interface FooterProps {
  company: Company;
  year: number;
}

/** SPEC 2 "Header and footer", plus the company data Croatian law (ZTD čl. 21) requires. */
export function Footer({ company, year }: FooterProps) {
  const { address } = company;
  return (
    <footer className="footer">
      <div className="footer__grid">
        <nav aria-label="Podnožje" className="footer__section">
          <h2 className="footer__heading">Informacije</h2>
          <ul className="footer__links">
            <li>
              <Link href={routes.about.href()}>O nama</Link>
            </li>
            <li>
              <Link href={routes.catalogues.href()}>Dobavljači</Link>
            </li>
            <li>
              <Link href={routes.courses.href()}>Tečajevi</Link>
            </li>
            <li>
              <Link href={routes.privacyPolicy.href()}>Pravila privatnosti</Link>
            </li>
            <li>
              <Link href={routes.dataProcessing.href()}>Obrada podataka</Link>
            </li>
            <li>
              <Link href={routes.cookiePolicy.href()}>Pravila o korištenju kolačića</Link>
            </li>
          </ul>
        </nav>

        <section className="footer__section" aria-labelledby="footer-company">
          <h2 className="footer__heading" id="footer-company">
            {company.shortName}
          </h2>
          <address className="footer__address">
            {company.legalName}
            <br />
            {address.street}, {address.postalCode} {address.city}
            <br />
            OIB: {company.oib}
            <br />
            Telefon: <a href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</a>
            <br />
            E-pošta: <a href={`mailto:${company.email}`}>{company.email}</a>
          </address>
          <p>
            <ExternalLink href={company.social.url}>{company.social.label}</ExternalLink>
          </p>
        </section>

        <section className="footer__section" aria-labelledby="footer-register">
          <h2 className="footer__heading" id="footer-register">
            Podaci o društvu
          </h2>
          <dl className="footer__facts">
            <dt>Upisano u sudski registar</dt>
            <dd>
              {company.registerCourt}, MBS {company.mbs}
            </dd>
            <dt>Temeljni kapital</dt>
            <dd>
              {company.shareCapital}
              {company.shareCapitalPaidInFull ? ', uplaćen u cijelosti' : ''}
            </dd>
            <dt>Uprava</dt>
            <dd>{company.managementBoard.join('; ')}</dd>
          </dl>
        </section>

        <section className="footer__section" aria-labelledby="footer-banks">
          <h2 className="footer__heading" id="footer-banks">
            Poslovni računi
          </h2>
          <ul className="footer__banks">
            {company.bankAccounts.map((account) => (
              <li key={account.iban}>
                {account.bank}
                <br />
                <span className="footer__iban">IBAN: {account.iban}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <p className="footer__disclaimer">{company.deliveryDisclaimer}</p>
      <p className="footer__bottom">
        © {year} {company.shortName} ·{' '}
        <ExternalLink href={company.webmaster.url}>{company.webmaster.label}</ExternalLink>
      </p>
    </footer>
  );
}
