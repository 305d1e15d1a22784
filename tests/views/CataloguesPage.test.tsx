import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aprilCatalogue } from '../../src/data/catalogues.ts';
import { companies } from '../../src/data/companies.ts';
import { messages } from '../../src/messages.ts';
import { CataloguesPage, formatFileSize } from '../../src/views/CataloguesPage.tsx';

const catalogue = {
  title: 'Katalog proizvoda – travanj 2024.',
  href: '/k.pdf',
  sizeBytes: 4_230_000,
};

describe('CataloguesPage', () => {
  it('is titled Proizvodi i katalozi', () => {
    render(<CataloguesPage catalogue={catalogue} companies={companies} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Proizvodi i katalozi' }),
    ).toBeInTheDocument();
  });

  it('offers the April 2024 catalogue as a PDF download with its size', () => {
    render(<CataloguesPage catalogue={catalogue} companies={companies} />);
    expect(screen.getByText(/travanj 2024\./)).toBeVisible();
    const link = screen.getByRole('link', { name: 'Preuzmi katalog (PDF, 4,2 MB)' });
    expect(link).toHaveAttribute('href', '/k.pdf');
    expect(link).toHaveAttribute('download');
  });

  it('the bundled catalogue is the April 2024 PDF', () => {
    expect(aprilCatalogue.title).toContain('travanj 2024.');
    expect(aprilCatalogue.href).toMatch(/\.pdf$/);
  });

  it('shows every supplier logo with its host, each an https link to a new tab, said so', () => {
    render(<CataloguesPage catalogue={catalogue} companies={companies} />);
    const grid = within(screen.getByRole('region', { name: messages.catalogues.suppliers }));
    const links = grid.getAllByRole('link');
    expect(links).toHaveLength(companies.length);
    for (const [index, company] of companies.entries()) {
      const link = links[index] as HTMLElement;
      expect(link).toHaveAttribute('href', `https://${company.url}`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      expect(link).toHaveAccessibleName(
        `${company.name} ${company.url} (otvara se u novoj kartici)`,
      );
      expect(within(link).getByRole('img', { name: company.name })).toHaveAttribute(
        'src',
        company.img,
      );
    }
  });

  it('puts the newsletter button it is given under its own heading', () => {
    render(
      <CataloguesPage
        catalogue={catalogue}
        companies={companies}
        newsletter={<button type="button">Prijava</button>}
      />,
    );
    const newsletter = screen.getByRole('region', { name: messages.catalogues.newsletterHeading });
    expect(within(newsletter).getByRole('button', { name: 'Prijava' })).toBeVisible();
  });
});

describe('formatFileSize', () => {
  it('writes sizes as Croatian readers do', () => {
    expect(formatFileSize(4_230_000)).toBe('4,2 MB');
    expect(formatFileSize(12_000_000)).toBe('12 MB');
    expect(formatFileSize(850_400)).toBe('850 kB');
    expect(formatFileSize(120)).toBe('1 kB');
  });
});
