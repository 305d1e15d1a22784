import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '../../src/data/company.ts';
import { CookiePolicy } from '../../src/views/policies/CookiePolicy.tsx';
import { DataProcessing } from '../../src/views/policies/DataProcessing.tsx';
import { PrivacyPolicy } from '../../src/views/policies/PrivacyPolicy.tsx';

const text = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe.each([
  ['Pravila privatnosti', PrivacyPolicy],
  ['Obrada podataka', DataProcessing],
  ['Pravila o korištenju kolačića', CookiePolicy],
] as const)('%s', (title, Policy) => {
  it('has its title, a table of contents linking every numbered section, and the controller', () => {
    render(<Policy />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'Sadržaj' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const [index, link] of links.entries()) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        `${index + 1}. ${link.textContent}`,
      );
    }
    expect(text()).toContain(company.legalName);
    expect(text()).toContain(`OIB: ${company.oib}`);
    expect(screen.getAllByRole('link', { name: company.privacyEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${company.privacyEmail}`,
    );
  });
});

describe('Pravila privatnosti', () => {
  it('states the retention periods, the age of consent, the password advice and the robot check', () => {
    render(<PrivacyPolicy />);
    const body = text();
    expect(body).toMatch(/Izjave o jednostranom raskidu ugovora i reklamacije\s*1 godina/);
    expect(body).toMatch(/nagradnih igara\s*5 godina/);
    expect(body).toMatch(/Računi i knjigovodstvene isprave\s*11 godina/);
    expect(body).toContain('Osoba mlađa od 16 godina');
    expect(body).toContain('najmanje 8 znakova');
    expect(body).toContain('ALTCHA');
    expect(body).toContain('nikakvi podaci ne šalju trećim stranama');
  });

  it('explains newsletter consent, the evidence kept and how to unsubscribe', () => {
    render(<PrivacyPolicy />);
    const body = text();
    expect(body).toContain(
      'čuvamo vrijeme prijave, stranicu na kojoj ste se prijavili, newsletter na koji ste se prijavili (kampanju), IP adresu i podatke o pregledniku',
    );
    expect(body).toContain('Svaki newsletter sadrži poveznicu za odjavu');
  });

  it('lists every GDPR right and the complaint to AZOP', () => {
    render(<PrivacyPolicy />);
    const rights = within(screen.getByRole('region', { name: /Vaša prava/ }));
    for (const right of [
      'na pristup',
      'na ispravak',
      'na brisanje',
      'na ograničenje obrade',
      'na prenosivost',
      'na prigovor',
      'povući privolu',
    ]) {
      expect(rights.getByText(right)).toBeInTheDocument();
    }
    expect(text()).toContain('Agencija za zaštitu osobnih podataka (AZOP)');
  });
});

describe('Pravila o korištenju kolačića', () => {
  it('lists every cookie of SPEC 3 with purpose, lifetime and type', () => {
    render(<CookiePolicy />);
    const table = screen.getByRole('table', { name: 'Kolačići na ovim stranicama' });
    const rows = within(table).getAllByRole('row').slice(1);
    const byName = Object.fromEntries(
      rows.map((row) => {
        const cells = [
          ...within(row).getAllByRole('rowheader'),
          ...within(row).getAllByRole('cell'),
        ].map((cell) => cell.textContent ?? '');
        return [cells[0], cells.slice(1)];
      }),
    );
    expect(Object.keys(byName)).toEqual([
      'prihvaceni_kolacici',
      'pristup_dozvoljen',
      'tecajevi-prikazuj-sve',
      'jwt',
    ]);
    expect(byName.prihvaceni_kolacici).toEqual([
      expect.stringContaining('(vrijednost 1)'),
      '100 godina (trajno)',
      'nužni',
    ]);
    expect(byName.pristup_dozvoljen).toEqual([
      expect.stringContaining('SameSite=Strict'),
      '1 godina',
      'nužni',
    ]);
    expect(byName['tecajevi-prikazuj-sve']).toEqual([
      expect.stringContaining('tečajeve u inozemstvu'),
      '6 mjeseci od zadnje promjene izbora',
      'funkcionalni',
    ]);
    expect(byName.jwt).toEqual([
      expect.stringContaining('prijavite'),
      '30 dana; briše se odjavom',
      expect.stringContaining('nužni'),
    ]);
  });

  it('mentions the login session kept in the browser local storage', () => {
    render(<CookiePolicy />);
    expect(screen.getByRole('heading', { name: /Lokalna pohrana preglednika/ })).toBeVisible();
    expect(text()).toContain('lokalnu pohranu vašeg preglednika (local storage)');
  });

  it('the scrolling table box can be reached by keyboard and is named by its caption', () => {
    render(<CookiePolicy />);
    const box = screen.getByRole('region', { name: 'Kolačići na ovim stranicama' });
    expect(box).toHaveAttribute('tabindex', '0');
  });
});

describe('Obrada podataka', () => {
  it('has a processing table with purpose, data, legal basis and retention', () => {
    render(<DataProcessing />);
    const table = screen.getByRole('table', { name: 'Obrade osobnih podataka' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Svrha', 'Podaci', 'Pravna osnova', 'Rok čuvanja']);
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(6);
    expect(table).toHaveTextContent('11 godina');
  });
});
