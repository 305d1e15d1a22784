import { cleanup, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_PAGE_SIZE_MAX,
  type Product,
  type ProductListQuery,
  type ProductPage,
} from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ProductsSection } from '../../src/app/home/ProductsSection.tsx';
import { homeProductsMachine } from '../../src/machines/homeProducts.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
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

describe('home products random paths', () => {
  /** What the admin's product strip can hold: names with diacritics, any mix of the two flags. */
  const catalogue = [
    'Kompozit A2',
    'Rukavice M',
    'Četkice za čišćenje',
    'Žlica za otiske',
    'Đakovačke šprice',
  ];
  // A product is shown twice as often as hidden, so that paths show strips of several sizes; a
  // hidden one may still be highlighted, as an older server answers.
  const product = fc.record({
    isShownOnHomepage: fc.constantFrom(true, true, false),
    isHighlighted: fc.boolean(),
  });
  const answer = fc.oneof(
    { weight: 3, arbitrary: fc.array(product, { maxLength: catalogue.length }) },
    { weight: 1, arbitrary: fc.constantFrom(500, 503, 0) },
  );

  interface Visit {
    /** The visit's one call is still waiting for the server. */
    waiting: boolean;
    /** What the server answered: the products, or the failure. */
    answered: Product[] | Error | null;
    visits: number;
  }
  const visit = (model: Visit) => {
    cleanup();
    listProducts.reset();
    renderSection();
    model.waiting = true;
    model.answered = null;
    model.visits += 1;
  };

  testRandomPaths<Visit>('homeProducts', {
    startLabel: 'Otvori početnu stranicu',
    numRuns: 40,
    maxSteps: 6,
    start: () => {
      const model: Visit = { waiting: false, answered: null, visits: 0 };
      visit(model);
      return model;
    },
    steps: [
      answer.map((reply) =>
        step<Visit>(
          typeof reply === 'number'
            ? reply === 0
              ? 'veza s poslužiteljem puca'
              : `poslužitelj odgovara ${reply}`
            : `poslužitelj šalje proizvode: ${
                reply
                  .map(
                    (flags, index) =>
                      `${catalogue[index]} (${flags.isShownOnHomepage ? 'prikazan' : 'skriven'}${
                        flags.isHighlighted ? ', istaknut' : ''
                      })`,
                  )
                  .join('; ') || 'nijedan'
              }`,
          async (model) => {
            model.waiting = false;
            if (typeof reply === 'number') {
              const error =
                reply === 0
                  ? new TypeError('Failed to fetch')
                  : new ApiError(reply, { errors: ['Service unavailable.'] });
              model.answered = error;
              return listProducts.reject(error);
            }
            const items = reply.map((flags, index) => ({
              id: 11 + index,
              name: catalogue[index] ?? '',
              imageUrl: `/media/proizvod-${11 + index}.webp`,
              ...flags,
            }));
            model.answered = items;
            await listProducts.resolve(pageOf(items));
          },
          (model) => model.waiting,
        ),
      ),
      // A visitor who comes back: the page asks again, whatever the last visit showed.
      fc.constant(step<Visit>('ponovno otvori početnu stranicu', visit, (model) => !model.waiting)),
    ],
    invariants: (model) => {
      // SPEC 2 "Home": one page of the products, asked once per visit.
      expect(listProducts.calls).toEqual([{ pageSize: PRODUCT_PAGE_SIZE_MAX, pageNumber: 1 }]);
      if (model.waiting) {
        // The room stays reserved while the call runs.
        expect(placeholder()).toBeInTheDocument();
        expect(strip()).not.toBeInTheDocument();
        return;
      }
      expect(placeholder()).not.toBeInTheDocument();
      // A failure is never shown to the visitor; it is logged, with its error.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(app.notices).toEqual([]);
      if (model.answered instanceof Error) {
        expect(strip()).not.toBeInTheDocument();
        expect(app.loggedErrors).toEqual([
          { message: 'Proizvodi početne stranice nisu učitani.', error: model.answered },
        ]);
        return;
      }
      expect(app.loggedErrors).toEqual([]);
      // Admin screen 3: only the products staff chose to show; none hides the section.
      const shown = (model.answered ?? []).filter((item) => item.isShownOnHomepage);
      if (shown.length === 0) {
        expect(strip()).not.toBeInTheDocument();
        return;
      }
      expect(screen.getByRole('heading', { level: 2, name: messages.home.products })).toBeVisible();
      const items = within(strip() as HTMLElement).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(
        shown.map((item) =>
          item.isHighlighted ? `${item.name}${messages.home.highlighted}` : item.name,
        ),
      );
      // A highlighted product has the red aura, and only it.
      expect(items.map((item) => item.classList.contains('product--highlighted'))).toEqual(
        shown.map((item) => item.isHighlighted),
      );
    },
  });
});
