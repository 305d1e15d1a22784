import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '../../src/views/NotFoundPage.tsx';

describe('NotFoundPage', () => {
  it('says in Croatian that the page was not found and links back home', () => {
    render(<NotFoundPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Stranica koju tražite ne postoji ili je premještena.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na početnu stranicu' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('is a region named by its heading', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('region', { name: 'Stranica nije pronađena' })).toBeInTheDocument();
  });
});
