/**
 * Products of the home-page strip (SPEC 3 "Product", 9): a paged list, newest first. Visitors
 * and plain users see only the products shown on the home page; staff see them all.
 */
import type { Product, ProductListQuery, ProductPage } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import { countProducts, listProducts, type ProductScope } from './store.ts';

export type ProductsService = ReturnType<typeof productsService>;

export function productsService(deps: { db: Db }) {
  const { db } = deps;
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
        items: rows.map((row): Product => ({
          id: row.id,
          name: row.name,
          imageUrl: row.image_url,
          isShownOnHomepage: row.is_shown_on_homepage === 1,
          isHighlighted: row.is_highlighted === 1,
        })),
        pageNumber,
        pageSize,
        totalPages: Math.ceil(totalCount / pageSize),
        totalCount,
      };
    },
  };
}
