import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/api/contract.ts';
import { companies } from '../../src/data/companies.ts';
import { euFundingLogos, euFundingNotice } from '../../src/data/euFunding.ts';
import { heroImages } from '../../src/data/hero.ts';
import {
  heroRotationMachine,
  selectHeroIndex,
  selectHeroPaused,
  selectHeroPrevious,
} from '../../src/machines/heroRotation.machine.ts';
import {
  homeProductsMachine,
  selectHomeProducts,
} from '../../src/machines/homeProducts.machine.ts';
import { messages } from '../../src/messages.ts';
import { EuFunding } from '../../src/views/EuFunding.tsx';
import { HomeProducts } from '../../src/views/HomeProducts.tsx';
import { HomePage } from '../../src/views/HomePage.tsx';
import { HomeSection } from '../../src/views/HomeSection.tsx';
import { SupplierGrid } from '../../src/views/SupplierGrid.tsx';

function renderHome(value: 'rotating' | 'held', context: { index: number; paused: boolean }) {
  const snapshot = heroRotationMachine.resolveState({
    value,
    context: {
      count: heroImages.length,
      index: context.index,
      previous: context.index > 0 ? context.index - 1 : null,
      hovered: false,
      focused: false,
      paused: context.paused,
    },
  });
  const onTogglePause = vi.fn();
  render(
    <HomePage
      hero={{
        brand: 'Zubna Kuća',
        images: heroImages,
        index: selectHeroIndex(snapshot),
        previous: selectHeroPrevious(snapshot),
        paused: selectHeroPaused(snapshot),
        onPointerEnter: vi.fn(),
        onPointerLeave: vi.fn(),
        onFocusIn: vi.fn(),
        onFocusOut: vi.fn(),
        onTogglePause,
      }}
    >
      <HomeSection id="test" title="Sekcija">
        <p>Sadržaj sekcije</p>
      </HomeSection>
    </HomePage>,
  );
  return onTogglePause;
}

describe('HomePage', () => {
  it('has four hero photos with Croatian alt texts and sizes', () => {
    expect(heroImages).toHaveLength(4);
    for (const image of heroImages) {
      expect(image.alt.length).toBeGreaterThan(10);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.srcSet).toContain(image.src);
    }
  });

  it('shows the slogan of SPEC 2 as the page heading of the hero, with the brand it is given', () => {
    renderHome('rotating', { index: 0, paused: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vaš pouzdan partner sa sjeverozapada.' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: messages.home.slogan })).getByText('Zubna Kuća'),
    ).toBeInTheDocument();
  });

  it('leads on to the products and the courses', () => {
    renderHome('rotating', { index: 0, paused: false });
    const hero = screen.getByRole('region', { name: messages.home.slogan });
    expect(within(hero).getByRole('link', { name: 'Proizvodi i katalozi' })).toHaveAttribute(
      'href',
      '/katalozi',
    );
    expect(within(hero).getByRole('link', { name: 'Tečajevi' })).toHaveAttribute(
      'href',
      '/tecajevi',
    );
  });

  it('shows the photo of the snapshot and reports the pause of the control', () => {
    const onTogglePause = renderHome('rotating', { index: 2, paused: false });
    expect(screen.getByRole('img')).toHaveAttribute('alt', heroImages[2]?.alt);
    screen.getByRole('button', { name: messages.home.pauseRotation }).click();
    expect(onTogglePause).toHaveBeenCalledOnce();
  });

  it('offers play when the visitor paused it', () => {
    renderHome('held', { index: 0, paused: true });
    expect(screen.getByRole('button', { name: messages.home.playRotation })).toBeVisible();
  });

  it('puts the sections it is given under the hero, each a titled region', () => {
    renderHome('rotating', { index: 0, paused: false });
    expect(screen.getByRole('region', { name: 'Sekcija' })).toHaveTextContent('Sadržaj sekcije');
    expect(screen.getByRole('heading', { level: 2, name: 'Sekcija' })).toBeInTheDocument();
  });
});

describe('HomeProducts', () => {
  const products: Product[] = [
    {
      id: 7,
      name: 'Turbina',
      imageUrl: '/media/t.webp',
      isShownOnHomepage: true,
      isHighlighted: true,
    },
    {
      id: 8,
      name: 'Gips',
      imageUrl: '/media/g.webp',
      isShownOnHomepage: true,
      isHighlighted: false,
    },
  ];

  it('renders the shown products of the snapshot, the highlighted one with the red aura and a badge', () => {
    const snapshot = homeProductsMachine.resolveState({ value: 'shown', context: { products } });
    render(<HomeProducts products={selectHomeProducts(snapshot) ?? []} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass('product', 'product--highlighted');
    expect(within(items[0] as HTMLElement).getByText('Istaknuto')).toBeVisible();
    expect(items[1]).toHaveClass('product');
    expect(items[1]).not.toHaveClass('product--highlighted');
    expect(within(items[1] as HTMLElement).queryByText('Istaknuto')).not.toBeInTheDocument();
    for (const [index, product] of products.entries()) {
      const image = (items[index] as HTMLElement).querySelector('img');
      expect(image).toHaveAttribute('src', product.imageUrl);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(within(items[index] as HTMLElement).getByText(product.name)).toBeVisible();
    }
  });

  it('has nothing to show in the hidden state', () => {
    const snapshot = homeProductsMachine.resolveState({ value: 'hidden', context: { products } });
    expect(selectHomeProducts(snapshot)).toBeNull();
  });
});

describe('SupplierGrid on the home page', () => {
  it('links every logo, named by the company, to its https site in a new tab', () => {
    render(<SupplierGrid companies={companies} showHosts={false} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(companies.length);
    for (const [index, company] of companies.entries()) {
      expect(links[index]).toHaveAccessibleName(`${company.name} (otvara se u novoj kartici)`);
      expect(links[index]).toHaveAttribute('href', `https://${company.url}`);
    }
    expect(screen.queryByText(companies[0]?.url ?? '?')).not.toBeInTheDocument();
  });
});

describe('EuFunding', () => {
  it('shows every logo with its alt text and size, and the notice', () => {
    render(<EuFunding logos={euFundingLogos} notice={euFundingNotice} />);
    expect(euFundingLogos.length).toBeGreaterThan(0);
    for (const logo of euFundingLogos) {
      const image = screen.getByRole('img', { name: logo.alt });
      expect(image).toHaveAttribute('width', String(logo.width));
      expect(image).toHaveAttribute('height', String(logo.height));
    }
    expect(screen.getByText(euFundingNotice)).toBeVisible();
  });
});
