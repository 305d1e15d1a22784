/**
 * The rules of the product strip (SPEC 4 "Product strip", 5 "Product form", 8 "Products", 9),
 * apart from its machine: the pagination window, the new product's draft and its validation,
 * the request, and what a failed save says.
 */
import {
  PRODUCT_FIELDS,
  PRODUCT_MESSAGES,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_RULES,
  parseFormFields,
  productFormSchema,
  type Product,
  type ProductPage,
} from '../api/contract.ts';
import type { ProductPatch } from '../api/productWrites.ts';
import type { CreateProductRequest } from '../api/products.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { ApiError, formFieldErrors, formFieldMessages } from '../api/errors.ts';
import { productStripMessages } from '../messages/productStrip.ts';
import { cleanLine } from '../api/text.ts';
import { errorList, type FormErrors } from './form.ts';

const text = productStripMessages;

/** SPEC 9: the pagination shows this many pages on each side of the current one. */
export const PAGES_AROUND_CURRENT = 2;

/** What staff enter in 'Unesi novi proizvod'. */
export interface ProductDraft {
  name: string;
  image: File | null;
  /** SPEC 7's `IsHighlighted`, chosen when the product is added ('Istaknuto'; issue 29). */
  isHighlighted: boolean;
}
/** The fields that can be wrong: a checkbox cannot. */
export type ProductDraftField = 'name' | 'image';
export type ProductDraftErrors = FormErrors<ProductDraftField>;

/** The fields in the order of the form, which is also the order of the listed messages. */
export const PRODUCT_DRAFT_FIELDS = [
  'name',
  'image',
] as const satisfies readonly ProductDraftField[];

/** The messages in the order of the form: what the list under the form shows. */
export const errorMessages = (errors: ProductDraftErrors) =>
  errorList(errors, PRODUCT_DRAFT_FIELDS);

export const EMPTY_PRODUCT_DRAFT: ProductDraft = { name: '', image: null, isHighlighted: false };

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

/** The draft as POST /products sends it (shown, highlighted when chosen), before cleaning. */
const sentFields = (draft: ProductDraft) => ({
  [PRODUCT_FIELDS.name]: draft.name,
  [PRODUCT_FIELDS.description]: '',
  [PRODUCT_FIELDS.isShownOnHomepage]: 'true',
  [PRODUCT_FIELDS.isHighlighted]: String(draft.isHighlighted),
  [PRODUCT_FIELDS.image]: draft.image,
});

const FIELD_OF_REQUEST_FIELD = new Map<string, ProductDraftField>([
  [PRODUCT_FIELDS.name, 'name'],
  [PRODUCT_FIELDS.image, 'image'],
]);

const MEGABYTES = PRODUCT_RULES.imageMaxBytes / (1024 * 1024);

/**
 * The product form's messages (the contract's schema's and the server's) in Croatian, by field;
 * undefined for one without a text here.
 */
const SERVER_TEXTS: readonly [Parameters<typeof isServerMessage>[1], string][] = [
  [SERVER_MESSAGES.required, text.nameRequired],
  [SERVER_MESSAGES.tooLong, text.nameTooLong(PRODUCT_RULES.nameMaxLength)],
  [PRODUCT_MESSAGES.imageRequired, text.imageRequired],
  [SERVER_MESSAGES.fileNotAllowed, text.imageType],
  [SERVER_MESSAGES.imageUnreadable, text.imageUnreadable],
  [SERVER_MESSAGES.fileTooLarge, text.imageTooLarge(MEGABYTES)],
];
const croatian = (message: string | undefined) =>
  SERVER_TEXTS.find(([known]) => isServerMessage(message, known))?.[1];

/**
 * SPEC 5 "Product form": every broken rule, per field; empty when the draft may be sent. The
 * rules are the contract's `productFormSchema`, which the server parses with too.
 */
export function validateProductDraft(draft: ProductDraft): ProductDraftErrors {
  const parsed = parseFormFields(productFormSchema, sentFields(draft));
  if (parsed.ok) return {};
  // A message without a text here would show as the schema words it (the boundary test forbids it).
  return formFieldMessages(parsed.problems, FIELD_OF_REQUEST_FIELD, (m) => croatian(m) ?? m) ?? {};
}

/**
 * A draft that passed validation, as POST /products takes it (SPEC 3: shown; highlighted when
 * 'Istaknuto' was chosen, which a shown product may be).
 */
export function createProductRequest(draft: ProductDraft): CreateProductRequest {
  return {
    name: cleanLine(draft.name),
    image: draft.image as File,
    isShownOnHomepage: true,
    isHighlighted: draft.isHighlighted,
  };
}

/** A refused create's messages under the name and the photo; null for any other failure. */
export const serverFieldErrors = (error: unknown): ProductDraftErrors | null =>
  formFieldErrors(error, FIELD_OF_REQUEST_FIELD, croatian);

/** What went wrong, for the 'Pohrana proizvoda {name} nije uspjela' toast (SPEC 8). */
export function saveFailedText(name: string, error: unknown): string {
  let detail: string;
  if (error instanceof ApiError) {
    const message = error.firstMessage;
    // The field's sentence continues the toast's: 'nije uspjela: fotografija …'.
    const worded = croatian(message);
    detail = worded
      ? worded[0]?.toLowerCase() + worded.slice(1)
      : (message ?? `HTTP ${error.status}`);
  } else {
    detail = error instanceof Error ? error.message : String(error);
  }
  return text.saveFailed(name, detail);
}

export const productOf = (context: ProductStripContext, id: number) =>
  context.page.items.find((product) => product.id === id);

/** The page to load after a delete: the previous one when the deleted product was the last. */
export const pageAfterDelete = ({ page, pageNumber }: ProductStripContext) =>
  page.items.length === 1 && pageNumber > 1 ? pageNumber - 1 : pageNumber;
