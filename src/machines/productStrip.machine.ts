/**
 * The home-page product strip admin (SPEC 2 admin screen 3, 4 "Product strip", 5 "Product form",
 * 8 "Products", 9; issue 11): the products page by page (10 a page, pages from 1, newest first),
 * each with its visible and highlighted switches and a delete behind a confirmation, and the
 * collapsible form that adds one. A switch shows its new value only once the server confirmed
 * it (its answer replaces the row: hiding clears the highlight); a failed toggle leaves the old
 * value and says so. Deleting the last product of the last page moves to the previous page.
 * Injected: `loadPage`, `patchProduct`, `deleteProduct`, `createProduct`, and the toasts
 * `notifyDone`, `notifyFailed`, `reportError` (the generic error handler) and `dismissNotices`
 * (the screen's earlier toasts, closed by a new submit or delete: issue 29).
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PRODUCT_PAGE_SIZE_DEFAULT, type Product, type ProductPage } from '../api/contract.ts';
import type { CreateProductRequest } from '../api/products.ts';
import { productStripMessages } from '../messages/productStrip.ts';
import { hasErrors, reportEventError, withoutErrorsOf } from './form.ts';
import {
  EMPTY_PRODUCT_DRAFT,
  INITIAL_PRODUCT_STRIP_CONTEXT,
  createProductRequest,
  pageAfterDelete,
  pageWindow,
  productOf,
  saveFailedText,
  serverFieldErrors,
  validateProductDraft,
  type PendingToggle,
  type ProductStripContext,
  type ProductStripEvent,
} from './productStrip.rules.ts';

const text = productStripMessages;

export const productStripMachine = setup({
  types: {
    context: {} as ProductStripContext,
    events: {} as ProductStripEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all four actors
  actors: {
    loadPage: fromPromise<ProductPage, { pageNumber: number; pageSize: number }>(() =>
      Promise.reject(new Error('loadPage is provided by the container')),
    ),
    patchProduct: fromPromise<Product, PendingToggle>(() =>
      Promise.reject(new Error('patchProduct is provided by the container')),
    ),
    deleteProduct: fromPromise<undefined, { id: number }>(() =>
      Promise.reject(new Error('deleteProduct is provided by the container')),
    ),
    createProduct: fromPromise<Product, CreateProductRequest>(() =>
      Promise.reject(new Error('createProduct is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all four actions
  actions: {
    notifyDone: (_, _text: string) => undefined,
    notifyFailed: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
  },
  guards: {
    /** Another server deleted products meanwhile: the page asked for is past the last one. */
    pastLastPage: ({ event }) => {
      const page = (event as { output?: ProductPage }).output;
      // Stryker disable next-line ConditionalExpression: only a load's onDone asks, whose output is always a page
      return page !== undefined && page.totalPages > 0 && page.pageNumber > page.totalPages;
    },
    otherExistingPage: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression: the guard runs only on GO_TO_PAGE
      event.type === 'GO_TO_PAGE' &&
      event.page !== context.pageNumber &&
      event.page >= 1 &&
      event.page <= context.page.totalPages,
    productOnPage: ({ context, event }) =>
      'id' in event && productOf(context, event.id) !== undefined,
    /** SPEC 2: the highlight switch is disabled unless the product is visible. */
    shownProductOnPage: ({ context, event }) =>
      'id' in event && productOf(context, event.id)?.isShownOnHomepage === true,
    formOpen: ({ context }) => context.formOpen,
    draftIsValid: ({ context }) => !hasErrors(validateProductDraft(context.draft)),
  },
}).createMachine({
  id: 'productStrip',
  context: INITIAL_PRODUCT_STRIP_CONTEXT,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({
          pageNumber: context.pageNumber,
          pageSize: PRODUCT_PAGE_SIZE_DEFAULT,
        }),
        onDone: [
          {
            guard: 'pastLastPage',
            target: 'loading',
            reenter: true,
            actions: assign({ pageNumber: ({ event }) => event.output.totalPages }),
          },
          {
            target: 'ready',
            // The server's page number is the one shown (and the one reloaded after a change).
            actions: assign({
              page: ({ event }) => event.output,
              pageNumber: ({ event }) => event.output.pageNumber,
            }),
          },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            GO_TO_PAGE: {
              guard: 'otherExistingPage',
              target: '#productStrip.loading',
              actions: assign({ pageNumber: ({ event }) => event.page }),
            },
            TOGGLE_SHOWN: {
              guard: 'productOnPage',
              target: 'toggling',
              actions: assign({
                pendingToggle: ({ context, event }) => ({
                  id: event.id,
                  // Stryker disable next-line OptionalChaining: the guard found the product on the page
                  patch: { isShownOnHomepage: !productOf(context, event.id)?.isShownOnHomepage },
                }),
              }),
            },
            TOGGLE_HIGHLIGHTED: {
              guard: 'shownProductOnPage',
              target: 'toggling',
              actions: assign({
                pendingToggle: ({ context, event }) => ({
                  id: event.id,
                  // Stryker disable next-line OptionalChaining: the guard found the product on the page
                  patch: { isHighlighted: !productOf(context, event.id)?.isHighlighted },
                }),
              }),
            },
            ASK_DELETE: {
              guard: 'productOnPage',
              target: 'confirmingDelete',
              actions: assign({
                productToDelete: ({ context, event }) => productOf(context, event.id) ?? null,
              }),
            },
            TOGGLE_FORM: {
              actions: assign({ formOpen: ({ context }) => !context.formOpen, errors: {} }),
            },
            EDIT: {
              guard: 'formOpen',
              actions: assign({
                draft: ({ context, event }) => ({ ...context.draft, ...event.values }),
                // Editing a field takes its message away.
                errors: ({ context, event }) =>
                  withoutErrorsOf(context.errors, Object.keys(event.values)),
              }),
            },
            SUBMIT: [
              {
                guard: and(['formOpen', 'draftIsValid']),
                target: 'creating',
                actions: 'dismissNotices',
              },
              {
                guard: 'formOpen',
                actions: [
                  'dismissNotices',
                  assign({ errors: ({ context }) => validateProductDraft(context.draft) }),
                ],
              },
            ],
          },
        },
        toggling: {
          invoke: {
            id: 'patchProduct',
            src: 'patchProduct',
            // Stryker disable next-line ObjectLiteral: a fallback for the type only: both ways into toggling set pendingToggle
            input: ({ context }) => context.pendingToggle ?? { id: 0, patch: {} },
            onDone: {
              target: 'browsing',
              actions: assign({
                page: ({ context, event }) => ({
                  ...context.page,
                  items: context.page.items.map((product) =>
                    product.id === event.output.id ? event.output : product,
                  ),
                }),
                pendingToggle: null,
              }),
            },
            onError: {
              target: 'browsing',
              actions: [
                {
                  type: 'notifyFailed',
                  params: ({ context, event }) =>
                    saveFailedText(
                      // Stryker disable next-line OptionalChaining,StringLiteral: pendingToggle names a product on the page until this action ends
                      productOf(context, context.pendingToggle?.id ?? 0)?.name ?? '',
                      event.error,
                    ),
                },
                assign({ pendingToggle: null }),
              ],
            },
          },
        },
        confirmingDelete: {
          on: {
            CANCEL_DELETE: { target: 'browsing', actions: assign({ productToDelete: null }) },
            CONFIRM_DELETE: { target: 'deleting', actions: 'dismissNotices' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteProduct',
            src: 'deleteProduct',
            // Stryker disable next-line OptionalChaining: confirmingDelete is entered only with productToDelete set
            input: ({ context }) => ({ id: context.productToDelete?.id ?? 0 }),
            onDone: {
              target: '#productStrip.loading',
              actions: [
                assign({ pageNumber: ({ context }) => pageAfterDelete(context) }),
                assign({ productToDelete: null }),
                { type: 'notifyDone', params: text.deleted },
              ],
            },
            onError: {
              target: 'browsing',
              actions: [assign({ productToDelete: null }), reportEventError],
            },
          },
        },
        creating: {
          invoke: {
            id: 'createProduct',
            src: 'createProduct',
            input: ({ context }) => createProductRequest(context.draft),
            // Newest first: the new product is at the top of the first page.
            onDone: {
              target: '#productStrip.loading',
              actions: [
                assign({ pageNumber: 1, draft: EMPTY_PRODUCT_DRAFT }),
                { type: 'notifyDone', params: text.created },
              ],
            },
            // SPEC 8's toast says it failed; a refused field also shows its message under it.
            onError: {
              target: 'browsing',
              actions: [
                assign({
                  errors: ({ context, event }) => serverFieldErrors(event.error) ?? context.errors,
                }),
                {
                  type: 'notifyFailed',
                  params: ({ context, event }) =>
                    saveFailedText(context.draft.name.trim(), event.error),
                },
              ],
            },
          },
        },
      },
    },
  },
});

type ProductStripSnapshot = SnapshotFrom<typeof productStripMachine>;

export type ProductStripStage = 'loading' | 'failed' | 'ready';

export function selectProductStripStage(snapshot: ProductStripSnapshot): ProductStripStage {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('failed')) return 'failed';
  return 'ready';
}

export const selectPendingToggle = (snapshot: ProductStripSnapshot) =>
  snapshot.context.pendingToggle;
export const selectProductToDelete = (snapshot: ProductStripSnapshot) =>
  snapshot.context.productToDelete;
export const selectDeletingProduct = (snapshot: ProductStripSnapshot) =>
  snapshot.matches({ ready: 'deleting' });
export const selectCreatingProduct = (snapshot: ProductStripSnapshot) =>
  snapshot.matches({ ready: 'creating' });
/** The table and the form take gestures only while nothing else runs. */
export const selectProductStripIdle = (snapshot: ProductStripSnapshot) =>
  snapshot.matches({ ready: 'browsing' });
export const selectPageWindow = ({ context }: ProductStripSnapshot) =>
  pageWindow(context.page.pageNumber, context.page.totalPages);
