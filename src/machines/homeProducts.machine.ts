/**
 * The product strip of the home page (SPEC 2 "Home", admin screen 3): the products staff chose to
 * show, a highlighted one with a red aura. No products, or a failed call, hides the section; the
 * failure is logged, never shown to the visitor. The container provides `loadProducts` and
 * `logFailure`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Product } from '../api/contract.ts';

export const homeProductsMachine = setup({
  types: {
    context: {} as { products: Product[] },
  },
  // Stryker disable next-line ObjectLiteral: the container always provides loadProducts
  actors: {
    loadProducts: fromPromise<Product[]>(() =>
      Promise.reject(new Error('loadProducts is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides logFailure
  actions: {
    logFailure: (_, _params: { error: unknown }) => undefined,
  },
  guards: {
    anyShown: ({ context }) => context.products.length > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'homeProducts',
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: read only in 'loaded' and 'shown', and the way into them sets it first
  context: { products: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProducts',
        src: 'loadProducts',
        onDone: {
          target: 'loaded',
          actions: assign({
            // Only what staff chose to show, whatever an older server answers.
            products: ({ event }) => event.output.filter((product) => product.isShownOnHomepage),
          }),
        },
        onError: {
          target: 'hidden',
          actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {
      always: [{ guard: 'anyShown', target: 'shown' }, { target: 'hidden' }],
    },
    shown: { type: 'final' },
    hidden: { type: 'final' },
  },
});

/** The products to show, or null while loading and when the section is hidden. */
export const selectHomeProducts = (snapshot: SnapshotFrom<typeof homeProductsMachine>) =>
  snapshot.matches('shown') ? snapshot.context.products : null;

export const selectHomeProductsLoading = (snapshot: SnapshotFrom<typeof homeProductsMachine>) =>
  snapshot.matches('loading');
