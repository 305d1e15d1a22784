/**
 * Products (SPEC 3 "Product", "Paged product response"; SPEC 7, 9).
 */
import * as z from 'zod/mini';
import { freeText } from '../text.ts';
import { IMAGE_ACCEPT } from './common.ts';
import { requiredFile } from './form.ts';

export const PRODUCT_PAGE_SIZE_DEFAULT = 10;
export const PRODUCT_PAGE_SIZE_MAX = 100;

const wholeNumberFromOne = (field: string, max?: number) => {
  const message = `${field} must be a whole number ${max ? `from 1 to ${max}` : 'of at least 1'}.`;
  return z.coerce
    .number({ error: message })
    .check(
      z.int({ error: message, abort: true }),
      z.minimum(1, message),
      ...(max ? [z.maximum(max, message)] : []),
    );
};

/** GET /products?pageSize&pageNumber: pages count from 1. */
export const productListQuerySchema = z.object({
  pageSize: z._default(
    wholeNumberFromOne('pageSize', PRODUCT_PAGE_SIZE_MAX),
    PRODUCT_PAGE_SIZE_DEFAULT,
  ),
  pageNumber: z._default(wholeNumberFromOne('pageNumber'), 1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  isShownOnHomepage: z.boolean(),
  isHighlighted: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/**
 * The multipart field names of POST /products (SPEC 3, 7). `Description` is sent empty by the
 * strip; `IsShownOnHomepage` and `IsHighlighted` are 'true' or 'false' (absent: shown, not
 * highlighted). A validation error names these fields.
 */
export const PRODUCT_FIELDS = {
  name: 'Name',
  description: 'Description',
  image: 'Image',
  isShownOnHomepage: 'IsShownOnHomepage',
  isHighlighted: 'IsHighlighted',
} as const;

/** SPEC 5 "Product form" and the server's limits (use them as `maxLength` and `accept`). */
export const PRODUCT_RULES = {
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  /** What the server accepts (decided from the bytes, not from the name or type). */
  imageMaxBytes: 10 * 1024 * 1024,
  /** `accept` of the file input. SVG is never accepted. */
  imageAccept: IMAGE_ACCEPT,
} as const;

/** POST /products answers 201 with the stored product. */
export const createProductResponseSchema = productSchema;

/**
 * The server's messages of the product form, written once here for both sides (the strip words
 * the image's in Croatian; it never sends a flag other than 'true' or 'false').
 */
export const PRODUCT_MESSAGES = {
  imageRequired: 'Image is required.',
  notABoolean: (field: string) => `${field} must be true or false.`,
  highlightNeedsHomepage:
    'Only a product shown on the home page can be highlighted; show it first (isShownOnHomepage).',
} as const;

const F = PRODUCT_FIELDS;

/** 'true' or 'false' in any letter case, absent for the default (SPEC 3: shown, not highlighted). */
const flag = (field: string, absent: boolean) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, context) => {
      const word = value?.trim().toLowerCase();
      if (word === undefined) return absent;
      if (word === 'true' || word === 'false') return word === 'true';
      context.issues.push({
        code: 'custom',
        input: value,
        message: PRODUCT_MESSAGES.notABoolean(field),
      });
      return absent;
    }),
  );

/**
 * SPEC 5 "Product form": the product form's fields as sent, one rule per message, checked by the
 * SPA (productStrip.rules.ts) and by the server (server/products/validation.ts). `Image` is the
 * file or, on the server, the upload's own refusal of it (which the server reports instead).
 */
export const productFormSchema = z.object({
  [F.name]: freeText(F.name, { required: true, maxLength: PRODUCT_RULES.nameMaxLength }),
  [F.description]: freeText(F.description, {
    multiline: true,
    maxLength: PRODUCT_RULES.descriptionMaxLength,
  }),
  [F.isShownOnHomepage]: flag(F.isShownOnHomepage, true),
  [F.isHighlighted]: flag(F.isHighlighted, false),
  [F.image]: requiredFile(PRODUCT_MESSAGES.imageRequired),
});

/** SPEC 2: only a product shown on the home page can be highlighted (judged once both flags are). */
export const productFlagsSchema = z
  .object({
    [F.isShownOnHomepage]: productFormSchema.shape[F.isShownOnHomepage],
    [F.isHighlighted]: productFormSchema.shape[F.isHighlighted],
  })
  .check(
    z.refine((flags) => !flags[F.isHighlighted] || flags[F.isShownOnHomepage], {
      error: PRODUCT_MESSAGES.highlightNeedsHomepage,
      path: [F.isHighlighted],
    }),
  );
