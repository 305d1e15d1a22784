import { useMachine } from '@xstate/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Product } from '../../src/api/contract.ts';
import {
  homeProductsMachine,
  selectHomeProducts,
  selectHomeProductsLoading,
} from '../../src/machines/homeProducts.machine.ts';
import { messages } from '../../src/messages.ts';
import { HomeProducts } from '../../src/views/HomeProducts.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

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

const loadProducts = fakePromiseActor<Product[]>();
let logFailure: Mock<() => void>;

/** What ProductsSection does: a placeholder while loading, the strip, or nothing. */
function ProductsHarness() {
  const [snapshot] = useMachine(
    homeProductsMachine.provide({
      actors: { loadProducts: loadProducts.logic },
      actions: { logFailure },
    }),
  );
  if (selectHomeProductsLoading(snapshot)) return <div data-testid="placeholder" />;
  const shown = selectHomeProducts(snapshot);
  if (!shown) return null;
  return (
    <section aria-label={messages.home.products}>
      <HomeProducts products={shown} />
    </section>
  );
}

const renderStrip = () => {
  logFailure = vi.fn<() => void>();
  return render(<ProductsHarness />);
};
const strip = () => screen.queryByRole('region', { name: messages.home.products });

describe('home products model', () => {
  testMachineModel(homeProductsMachine, {
    render: renderStrip,
    fakes: { loadProducts },
    sampleEvents: [
      { type: 'xstate.done.actor.loadProducts', output: products },
      { type: 'xstate.done.actor.loadProducts', output: [products[2]] },
      { type: 'xstate.error.actor.loadProducts', error: new Error('503') },
    ],
    states: {
      loading: () => {
        expect(screen.getByTestId('placeholder')).toBeInTheDocument();
        expect(strip()).not.toBeInTheDocument();
      },
      shown: ({ context }) => {
        const items = within(strip() as HTMLElement).getAllByRole('listitem');
        expect(items.map((item) => item.textContent)).toEqual(
          context.products.map((product) =>
            product.isHighlighted ? `${product.name}${messages.home.highlighted}` : product.name,
          ),
        );
      },
      hidden: () => {
        expect(strip()).not.toBeInTheDocument();
        expect(screen.queryByTestId('placeholder')).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
    },
    events: {},
  });
});

describe('home products pinned by hand', () => {
  it('shows only the products staff chose to show, the highlighted one with its aura', async () => {
    renderStrip();
    await loadProducts.resolve(products);
    const items = within(strip() as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass('product--highlighted');
    expect(within(items[0] as HTMLElement).getByText(messages.home.highlighted)).toBeVisible();
    expect(items[1]).not.toHaveClass('product--highlighted');
    expect(screen.queryByText('Skriveni')).not.toBeInTheDocument();
  });

  it('hides the section when none is shown', async () => {
    renderStrip();
    await loadProducts.resolve([]);
    expect(strip()).not.toBeInTheDocument();
    expect(logFailure).not.toHaveBeenCalled();
  });

  it('a failed call is logged with its error, and the section is simply not there', async () => {
    renderStrip();
    const error = new Error('503');
    await loadProducts.reject(error);
    expect(logFailure).toHaveBeenCalledOnce();
    expect(logFailure.mock.calls[0]).toContainEqual({ error });
    expect(strip()).not.toBeInTheDocument();
  });
});
