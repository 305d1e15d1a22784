/**
 * Products of the home-page strip (SPEC 3 "Product", 9; issue 11): a paged list, newest first
 * (visitors and plain users see only the products shown on the home page, staff see them all),
 * creation from the received form with its image, the two flags, and deletion with the files.
 * The list is read from the database on every request, so the home page always shows what the
 * strip says (nothing to go stale).
 */
import type { Product, ProductListQuery, ProductPage } from '../../src/api/contract.ts';
import type { ProductPatch } from '../../src/api/productWrites.ts';
import { audited } from '../audit/log.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { ProductRow } from '../db/schema.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Media, StagedMedia } from '../media/service.ts';
import {
  countProducts,
  deleteProduct,
  insertProduct,
  listProducts,
  updateProductFlags,
  type ProductScope,
} from './store.ts';
import { parseProductForm, patchedFlags, type ProductFormInput } from './validation.ts';

export const PRODUCT_MEDIA_COLLECTION = 'products';

export interface ProductsService {
  list(query: ProductListQuery, scope: ProductScope): Promise<ProductPage>;
  create(input: ProductFormInput, staged: StagedMedia): Promise<Product>;
  patch(id: number, patch: ProductPatch): Promise<Product>;
  delete(id: number): Promise<void>;
}

export function productsService(deps: { db: Db; media: Media; now: Clock }): ProductsService {
  const { db, media, now } = deps;
  const toProduct = productAnswer(media);
  return {
    /**
     * Newest first, then by id: a stable order for paging (SPEC 9 calls the sort by name
     * unreliable). A page beyond the last is empty, not an error.
     */
    async list(query: ProductListQuery, scope: ProductScope): Promise<ProductPage> {
      const { pageSize, pageNumber } = query;
      const totalCount = await countProducts(db, scope);
      const offset = (pageNumber - 1) * pageSize;
      const rows =
        offset >= totalCount ? [] : await listProducts(db, scope, { limit: pageSize, offset });
      return {
        items: rows.map(toProduct),
        pageNumber,
        pageSize,
        totalPages: Math.ceil(totalCount / pageSize),
        totalCount,
      };
    },

    /**
     * Checks the received form and stores the product with its image; `staged` removes the
     * files again when anything fails, so a failed create leaves no file and no row.
     */
    async create(input: ProductFormInput, staged: StagedMedia): Promise<Product> {
      const parsed = parseProductForm(input);
      if (!parsed.ok) throw new ValidationError(parsed.errors);
      const { form } = parsed;
      const image = await staged.storeImage(form.image, PRODUCT_MEDIA_COLLECTION);
      const row = await audited(
        db,
        (trx) =>
          insertProduct(trx, {
            name: form.name,
            description: form.description,
            image_url: null,
            image_key: image.key,
            image_card_key: image.cardKey,
            is_shown_on_homepage: form.isShownOnHomepage ? 1 : 0,
            is_highlighted: form.isHighlighted ? 1 : 0,
            created_at: now().toISOString(),
          }),
        (row) => ({ kind: 'product', action: 'create', objectId: row.id, summary: row.name }),
      );
      return toProduct(row);
    },

    async patch(id: number, patch: ProductPatch): Promise<Product> {
      const row = await audited(
        db,
        (trx) => updateProductFlags(trx, id, (current) => patchedFlags(current, patch)),
        (row) =>
          row && { kind: 'product', action: 'update', objectId: id, summary: flagsLine(row) },
      );
      if (row === undefined) throw new DomainError(404, MESSAGES.productNotFound);
      return toProduct(row);
    },

    /** The row first, then its uploaded files; a bundled demo picture is never touched. */
    async delete(id: number): Promise<void> {
      const keys = await deleteProduct(db, id);
      if (keys === undefined) throw new DomainError(404, MESSAGES.productNotFound);
      await media.deleteMedia(keys);
    },
  };
}

/** The audit log's line of a flag change: the product and both flags as they are now. */
function flagsLine(row: ProductRow): string {
  const yesNo = (flag: number) => (flag === 1 ? 'da' : 'ne');
  return `${row.name}: na početnoj ${yesNo(row.is_shown_on_homepage)}, istaknuto ${yesNo(row.is_highlighted)}`;
}

/** A stored row as SPEC 3 answers it: the card-sized WebP of an upload, or the bundled URL. */
function productAnswer(media: Pick<Media, 'url'>) {
  return (row: ProductRow): Product => ({
    id: row.id,
    name: row.name,
    imageUrl: row.image_card_key === null ? (row.image_url ?? '') : media.url(row.image_card_key),
    isShownOnHomepage: row.is_shown_on_homepage === 1,
    isHighlighted: row.is_highlighted === 1,
  });
}
