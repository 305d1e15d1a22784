/**
 * The footer (SPEC 2 "Header and footer") with the company data Croatian company law requires on a
 * website (Zakon o trgovačkim društvima, čl. 21): register court and MBS, OIB, share capital and
 * whether it is paid in full, the management board, and the bank accounts with their IBANs.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company, type Company } from '../../src/data/company.ts';
import { Footer } from '../../src/views/Footer.tsx';

const renderFooter = (data: Company = company, year = 2026) =>
  render(<Footer company={data} year={year} />);

/** The text beside a term of a description list, as a reader takes it in. */
function definitionOf(container: HTMLElement, term: string) {
  const termElement = within(container).getByText(term, { selector: 'dt' });
  const definition = termElement.nextElementSibling;
  expect(definition?.tagName).toBe('DD');
  return definition as HTMLElement;
}

describe('Footer', () => {
  it('is the page footer landmark', () => {
    renderFooter();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('names the register court and MBS, the share capital paid in full and the management board', () => {
    renderFooter();
    const register = screen.getByRole('region', { name: 'Podaci o društvu' });
    expect(definitionOf(register, 'Upisano u sudski registar')).toHaveTextContent(
      `${company.registerCourt}, MBS ${company.mbs}`,
    );
    expect(definitionOf(register, 'Temeljni kapital')).toHaveTextContent(
      `${company.shareCapital}, uplaćen u cijelosti`,
      { normalizeWhitespace: true },
    );
    expect(company.managementBoard.length).toBeGreaterThan(0);
    const board = definitionOf(register, 'Uprava');
    for (const member of company.managementBoard) expect(board).toHaveTextContent(member);
  });

  it('does not claim the share capital is paid in full when it is not', () => {
    renderFooter({ ...company, shareCapitalPaidInFull: false } as unknown as Company);
    const register = screen.getByRole('region', { name: 'Podaci o društvu' });
    expect(definitionOf(register, 'Temeljni kapital').textContent).toBe(company.shareCapital);
    expect(screen.queryByText(/uplaćen u cijelosti/)).not.toBeInTheDocument();
  });

  it('shows the company name, address, OIB, phone and e-mail', () => {
    renderFooter();
    const details = screen.getByRole('region', { name: company.shortName });
    expect(details).toHaveTextContent(company.legalName);
    const { street, postalCode, city } = company.address;
    expect(details).toHaveTextContent(`${street}, ${postalCode} ${city}`);
    expect(details).toHaveTextContent(`OIB: ${company.oib}`);
    expect(company.oib).toMatch(/^\d{11}$/);
    expect(within(details).getByRole('link', { name: company.phone })).toHaveAttribute(
      'href',
      `tel:${company.phone.replaceAll(' ', '')}`,
    );
    expect(within(details).getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
  });

  it('lists the four bank accounts, each with its bank and IBAN', () => {
    renderFooter();
    const banks = screen.getByRole('region', { name: 'Poslovni računi' });
    const accounts = within(banks).getAllByRole('listitem');
    expect(accounts).toHaveLength(4);
    accounts.forEach((item, index) => {
      const { bank, iban } = company.bankAccounts[index] ?? { bank: '?', iban: '?' };
      expect(iban).toMatch(/^HR\d{2}( \d{4}){4} \d$/);
      expect(within(item).getByText(bank)).toBeInTheDocument();
      expect(within(item).getByText(`IBAN: ${iban}`)).toBeInTheDocument();
    });
  });

  it('links to about us, suppliers, courses and the three policy pages', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Podnožje' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['O nama', '/info'],
      ['Dobavljači', '/katalozi'],
      ['Tečajevi', '/tecajevi'],
      ['Pravila privatnosti', '/pravila-privatnosti'],
      ['Obrada podataka', '/obrada-podataka'],
      ['Pravila o korištenju kolačića', '/pravila-o-koristenju-kolacica'],
    ]);
    for (const link of links) expect(link).not.toHaveAttribute('target');
  });

  it('opens the social media and webmaster links in a new tab, safely, and says so', () => {
    renderFooter();
    const external = [
      screen.getByRole('link', { name: `${company.social.label} (otvara se u novoj kartici)` }),
      screen.getByRole('link', { name: `${company.webmaster.label} (otvara se u novoj kartici)` }),
    ];
    expect(external[0]).toHaveAttribute('href', company.social.url);
    expect(external[1]).toHaveAttribute('href', company.webmaster.url);
    for (const link of external) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    }
  });

  it('shows the delivery disclaimer and the copyright year it is given', () => {
    renderFooter(company, 2031);
    expect(screen.getByText(company.deliveryDisclaimer)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© 2031 ${company.shortName}`);
  });
});
