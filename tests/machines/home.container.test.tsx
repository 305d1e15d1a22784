import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PRODUCT_PAGE_SIZE_MAX, type Product } from '../../src/api/contract.ts';
import { HomeContainer } from '../../src/app/HomeContainer.tsx';
import type { MapShapes } from '../../src/machines/mapSelection.machine.ts';
import { messages } from '../../src/messages.ts';
import { aProduct } from '../support/products.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

// The map's shapes (d3-geo and the region data) stay loading: this test is about the sections.
vi.mock('../../src/app/mapShapes.ts', () => ({
  projectCroatia: () => new Promise<MapShapes>(() => undefined),
}));

/** A browser that has every section's place near the viewport at once (a tall window). */
class EverythingNear {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Each section's code loads on demand: slow on a busy machine.
it(
  'loads each lazy section as its place nears the viewport (SPEC "Home")',
  { timeout: 30_000 },
  async () => {
    vi.stubGlobal('IntersectionObserver', EverythingNear);
    const shown: Product[] = [aProduct(1, { name: 'Kompozit A2' })];
    renderWithEffects(<HomeContainer brand="Dentalia" />, {
      api: {
        products: {
          listProducts: () =>
            Promise.resolve({
              items: shown,
              pageNumber: 1,
              pageSize: PRODUCT_PAGE_SIZE_MAX,
              totalPages: 1,
              totalCount: shown.length,
            }),
        },
      },
    });
    const { home } = messages;
    for (const title of [
      home.exclusivePartners,
      home.products,
      home.manufacturers,
      home.map,
      home.euFunding,
    ]) {
      expect(
        await screen.findByRole('heading', { name: title }, { timeout: 10_000 }),
      ).toBeVisible();
    }
    expect(screen.getByText('Kompozit A2')).toBeVisible();
  },
);
