import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../data/company.ts';
import { routes } from '../../routes.ts';

/** The date the three legal texts were last changed. */
export const POLICIES_UPDATED = '21. studenoga 2026.';

/** The data controller (GDPR čl. 4 t. 7) as the legal texts name it. */
export function ControllerDetails() {
  const { address } = company;
  return (
    <address className="policy__contact">
      <strong>{company.legalName}</strong>
      <br />
      {address.street}, {address.postalCode} {address.city}
      <br />
      OIB: {company.oib}, {company.registerCourt}, MBS {company.mbs}
      <br />
      Telefon: <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
      <br />
      E-pošta za zaštitu osobnih podataka:{' '}
      <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>
    </address>
  );
}

export function PrivacyMail() {
  return <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>;
}

/** A table that scrolls sideways on a phone; the scrolling box is reachable by keyboard. */
export function PolicyTable({
  id,
  caption,
  head,
  rows,
}: {
  id: string;
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div className="policy__table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="policy__table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const privacyLink = <Link href={routes.privacyPolicy.href()}>Pravila privatnosti</Link>;
export const processingLink = <Link href={routes.dataProcessing.href()}>Obrada podataka</Link>;
export const cookiesLink = (
  <Link href={routes.cookiePolicy.href()}>Pravila o korištenju kolačića</Link>
);

/** The supervisory authority of Croatia, for the right to lodge a complaint (GDPR čl. 77). */
export function SupervisoryAuthority() {
  return (
    <p>
      Ako smatrate da obrada vaših osobnih podataka krši Opću uredbu o zaštiti podataka, imate pravo
      podnijeti prigovor nadzornom tijelu: Agencija za zaštitu osobnih podataka (AZOP), Selska cesta
      136, 10000 Zagreb, e-pošta azop@azop.hr, mrežne stranice www.azop.hr. Molimo vas da nam se
      prije toga javite na <PrivacyMail /> kako bismo pokušali riješiti vaš upit.
    </p>
  );
}
