/**
 * Products (SPEC 3 "Product", "Paged product response"; SPEC 7, 9).
 */
import * as z from 'zod/mini';

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
  imageAccept: 'image/jpeg,image/png,image/webp,image/avif',
} as const;

/** POST /products answers 201 with the stored product. */
export const createProductResponseSchema = productSchema;
