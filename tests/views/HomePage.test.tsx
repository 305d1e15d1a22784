import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../../src/views/HomePage.tsx';

describe('HomePage', () => {
  it('shows the slogan of SPEC 2 as the page heading, with the brand it is given', () => {
    render(<HomePage brand="Zubna Kuća" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vaš pouzdan partner sa sjeverozapada.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Zubna Kuća')).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Vaš pouzdan partner sa sjeverozapada.' }),
    ).toBeInTheDocument();
  });

  it('leads on to the products and the courses', () => {
    render(<HomePage brand="Dentalia" />);
    expect(screen.getByRole('link', { name: 'Proizvodi i katalozi' })).toHaveAttribute(
      'href',
      '/katalozi',
    );
    expect(screen.getByRole('link', { name: 'Tečajevi' })).toHaveAttribute('href', '/tecajevi');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
