/**
 * The home-page product strip admin (SPEC 2 admin screen 3, 4 "Product strip", 5 "Product form",
 * 8 "Products", 9; issue 11): the products page by page (10 a page, pages from 1, newest first),
 * each with its visible and highlighted switches and a delete behind a confirmation, and the
 * collapsible form that adds one. A switch shows its new value only once the server confirmed
 * it (its answer replaces the row: hiding clears the highlight); a failed toggle leaves the old
 * value and says so. Deleting the last product of the last page moves to the previous page.
 * Injected: `loadPage`, `patchProduct`, `deleteProduct`, `createProduct`, and the toasts
 * `notifyDone`, `notifyFailed` and `reportError` (the generic error handler).
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_RULES,
  type Product,
  type ProductPage,
} from '../api/contract.ts';
import type { ProductPatch } from '../api/productWrites.ts';
import type { CreateProductRequest } from '../api/products.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { productStripMessages } from '../messages/productStrip.ts';
import { cleanLine } from '../api/text.ts';
import { reportEventError } from './form.ts';

const text = productStripMessages;

/** SPEC 9: the pagination shows this many pages on each side of the current one. */
export const PAGES_AROUND_CURRENT = 2;

/** What staff enter in 'Unesi novi proizvod'. */
export interface ProductDraft {
  name: string;
  image: File | null;
}
export type ProductDraftField = keyof ProductDraft;
export type ProductDraftErrors = Partial<Record<ProductDraftField, string>>;

export const EMPTY_PRODUCT_DRAFT: ProductDraft = { name: '', image: null };

/** A flag change on its way to the server. */
export interface PendingToggle {
  id: number;
  patch: ProductPatch;
}

export interface ProductStripContext {
  /** The page shown (or the last one shown while the next loads). */
  page: ProductPage;
  /** The page asked for, from 1. */
  pageNumber: number;
  formOpen: boolean;
  draft: ProductDraft;
  errors: ProductDraftErrors;
  pendingToggle: PendingToggle | null;
  /** The product of the open confirmation dialog (also while it is being deleted). */
  productToDelete: Product | null;
}

export type ProductStripEvent =
  | { type: 'RETRY' }
  | { type: 'GO_TO_PAGE'; page: number }
  | { type: 'TOGGLE_SHOWN'; id: number }
  | { type: 'TOGGLE_HIGHLIGHTED'; id: number }
  | { type: 'ASK_DELETE'; id: number }
  | { type: 'CANCEL_DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'TOGGLE_FORM' }
  | { type: 'EDIT'; values: Partial<ProductDraft> }
  | { type: 'SUBMIT' };

const EMPTY_PAGE: ProductPage = {
  items: [],
  pageNumber: 1,
  pageSize: PRODUCT_PAGE_SIZE_DEFAULT,
  totalPages: 0,
  totalCount: 0,
};

/** Page 1 on its way, the form closed and empty. */
export const INITIAL_PRODUCT_STRIP_CONTEXT: ProductStripContext = {
  page: EMPTY_PAGE,
  pageNumber: 1,
  formOpen: false,
  draft: EMPTY_PRODUCT_DRAFT,
  errors: {},
  pendingToggle: null,
  productToDelete: null,
};

/** SPEC 9: the page numbers the pagination shows, two on each side of the current one. */
export function pageWindow(current: number, totalPages: number): number[] {
  const first = Math.max(1, current - PAGES_AROUND_CURRENT);
  const last = Math.min(totalPages, current + PAGES_AROUND_CURRENT);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** SPEC 5 "Product form": a message per missing field; empty when the draft may be sent. */
export function validateProductDraft(draft: ProductDraft): ProductDraftErrors {
  const errors: ProductDraftErrors = {};
  if (!cleanLine(draft.name)) errors.name = text.nameRequired;
  if (!draft.image) errors.image = text.imageRequired;
  return errors;
}

/** A draft that passed validation, as POST /products takes it (SPEC 3: shown, not highlighted). */
export function createProductRequest(draft: ProductDraft): CreateProductRequest {
  return {
    name: cleanLine(draft.name),
    image: draft.image as File,
    isShownOnHomepage: true,
    isHighlighted: false,
  };
}

const MEGABYTES = PRODUCT_RULES.imageMaxBytes / (1024 * 1024);

/** The server's messages about the photo, in Croatian; anything else is shown as sent. */
const SERVER_TEXTS: readonly [Parameters<typeof isServerMessage>[1], string][] = [
  [SERVER_MESSAGES.fileNotAllowed, 'fotografija mora biti JPEG, PNG, WebP ili AVIF.'],
  [SERVER_MESSAGES.imageUnreadable, 'fotografija nije ispravna slika.'],
  [SERVER_MESSAGES.fileTooLarge, `fotografija je veća od ${MEGABYTES} MB.`],
];

/** What went wrong, for the 'Pohrana proizvoda {name} nije uspjela' toast (SPEC 8). */
export function saveFailedText(name: string, error: unknown): string {
  let detail: string;
  if (error instanceof ApiError) {
    const message = error.firstMessage;
    detail =
      SERVER_TEXTS.find(([known]) => isServerMessage(message, known))?.[1] ??
      message ??
      `HTTP ${error.status}`;
  } else {
    detail = error instanceof Error ? error.message : String(error);
  }
  return text.saveFailed(name, detail);
}

const productOf = (context: ProductStripContext, id: number) =>
  context.page.items.find((product) => product.id === id);

/** The page to load after a delete: the previous one when the deleted product was the last. */
const pageAfterDelete = ({ page, pageNumber }: ProductStripContext) =>
  page.items.length === 1 && pageNumber > 1 ? pageNumber - 1 : pageNumber;

export const productStripMachine = setup({
  types: {
    context: {} as ProductStripContext,
    events: {} as ProductStripEvent,
  },
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
  actions: {
    notifyDone: (_, _text: string) => undefined,
    notifyFailed: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    /** Another server deleted products meanwhile: the page asked for is past the last one. */
    pastLastPage: ({ event }) => {
      const page = (event as { output?: ProductPage }).output;
      return page !== undefined && page.totalPages > 0 && page.pageNumber > page.totalPages;
    },
    otherExistingPage: ({ context, event }) =>
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
    draftIsValid: ({ context }) => Object.keys(validateProductDraft(context.draft)).length === 0,
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
                  Object.fromEntries(
                    Object.entries(context.errors).filter(([field]) => !(field in event.values)),
                  ),
              }),
            },
            SUBMIT: [
              { guard: and(['formOpen', 'draftIsValid']), target: 'creating' },
              {
                guard: 'formOpen',
                actions: assign({ errors: ({ context }) => validateProductDraft(context.draft) }),
              },
            ],
          },
        },
        toggling: {
          invoke: {
            id: 'patchProduct',
            src: 'patchProduct',
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
            CONFIRM_DELETE: { target: 'deleting' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteProduct',
            src: 'deleteProduct',
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
            onError: {
              target: 'browsing',
              actions: {
                type: 'notifyFailed',
                params: ({ context, event }) =>
                  saveFailedText(context.draft.name.trim(), event.error),
              },
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
