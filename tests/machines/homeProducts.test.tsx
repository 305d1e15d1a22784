import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_PAGE_SIZE_MAX,
  type Product,
  type ProductListQuery,
  type ProductPage,
} from '../../src/api/contract.ts';
import { ProductsSection } from '../../src/app/home/ProductsSection.tsx';
import { homeProductsMachine } from '../../src/machines/homeProducts.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const products: Product[] = [
  {
    id: 1,
    name: 'Kompozit A2',
    imageUrl: '/media/a2.webp',
    isShownOnHomepage: true,
    isHighlighted: true,
  },
  {
    id: 2,
    name: 'Rukavice M',
    imageUrl: '/media/m.webp',
    isShownOnHomepage: true,
    isHighlighted: false,
  },
  {
    id: 3,
    name: 'Skriveni',
    imageUrl: '/media/x.webp',
    isShownOnHomepage: false,
    isHighlighted: false,
  },
];

const pageOf = (items: Product[]): ProductPage => ({
  items,
  pageNumber: 1,
  pageSize: PRODUCT_PAGE_SIZE_MAX,
  totalPages: 1,
  totalCount: items.length,
});

const listProducts = fakePromiseActor<ProductPage, Partial<ProductListQuery>>();
/** The machine's invoke answers a list of products; the API answers it as one page. */
const loadProducts = {
  resolve: (items: Product[]) => listProducts.resolve(pageOf(items)),
  reject: listProducts.reject,
  reset: listProducts.reset,
};

let app: ReturnType<typeof renderWithEffects>;

/** The home page's product section that ships, with a fake product list call. */
function renderSection() {
  app = renderWithEffects(<ProductsSection />, {
    api: { products: { listProducts: listProducts.fn } },
  });
  return app;
}

const strip = () => screen.queryByRole('region', { name: messages.home.products });
const placeholder = () => app.container.querySelector('.home-placeholder');

describe('home products model', () => {
  testMachineModel(homeProductsMachine, {
    render: renderSection,
    fakes: { loadProducts },
    sampleEvents: [
      { type: 'xstate.done.actor.loadProducts', output: products },
      { type: 'xstate.done.actor.loadProducts', output: [products[2]] },
      { type: 'xstate.error.actor.loadProducts', error: new Error('503') },
    ],
    states: {
      loading: () => {
        expect(placeholder()).toBeInTheDocument();
        expect(strip()).not.toBeInTheDocument();
        expect(listProducts.calls).toEqual([{ pageSize: PRODUCT_PAGE_SIZE_MAX, pageNumber: 1 }]);
      },
      shown: ({ context }) => {
        const items = within(strip() as HTMLElement).getAllByRole('listitem');
        expect(items.map((item) => item.textContent)).toEqual(
          context.products.map((product) =>
            product.isHighlighted ? `${product.name}${messages.home.highlighted}` : product.name,
          ),
        );
        expect(app.loggedErrors).toEqual([]);
      },
      hidden: () => {
        expect(strip()).not.toBeInTheDocument();
        expect(placeholder()).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(app.notices).toEqual([]);
      },
    },
    events: {},
  });
});

describe('home products pinned by hand', () => {
  it('asks for one page of the most products a page holds', () => {
    listProducts.reset();
    renderSection();
    expect(listProducts.calls).toEqual([{ pageSize: 100, pageNumber: 1 }]);
  });

  it('shows only the products staff chose to show, the highlighted one with its aura', async () => {
    listProducts.reset();
    renderSection();
    await listProducts.resolve(pageOf(products));
    expect(screen.getByRole('heading', { level: 2, name: messages.home.products })).toBeVisible();
    const items = within(strip() as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass('product--highlighted');
    expect(within(items[0] as HTMLElement).getByText(messages.home.highlighted)).toBeVisible();
    expect(items[1]).not.toHaveClass('product--highlighted');
    expect(screen.queryByText('Skriveni')).not.toBeInTheDocument();
  });

  it('hides the section when none is shown, and logs nothing', async () => {
    listProducts.reset();
    renderSection();
    await listProducts.resolve(pageOf([]));
    expect(strip()).not.toBeInTheDocument();
    expect(app.loggedErrors).toEqual([]);
  });

  it('a failed call is logged with its error, and the section is simply not there', async () => {
    listProducts.reset();
    renderSection();
    const error = new Error('503');
    await listProducts.reject(error);
    expect(app.loggedErrors).toEqual([
      { message: 'Proizvodi početne stranice nisu učitani.', error },
    ]);
    expect(app.notices).toEqual([]);
    expect(strip()).not.toBeInTheDocument();
  });
});
