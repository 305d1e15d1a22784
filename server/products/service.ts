/**
 * Products of the home-page strip (SPEC 3 "Product", 9): a paged list, newest first. Visitors
 * and plain users see only the products shown on the home page; staff see them all.
 */
import type { Product, ProductListQuery, ProductPage } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';

export interface ProductListScope {
  includeHidden: boolean;
}

export type ProductsService = ReturnType<typeof productsService>;

export function productsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Newest first, then by id: a stable order for paging (SPEC 9 calls the sort by name
     * unreliable). A page beyond the last is empty, not an error.
     */
    async list(query: ProductListQuery, scope: ProductListScope): Promise<ProductPage> {
      const { pageSize, pageNumber } = query;
      const visible = db
        .selectFrom('products')
        .$if(!scope.includeHidden, (products) => products.where('is_shown_on_homepage', '=', 1));
      const { totalCount } = await visible
        .select((eb) => eb.fn.countAll<number>().as('totalCount'))
        .executeTakeFirstOrThrow();
      const offset = (pageNumber - 1) * pageSize;
      const rows =
        offset >= totalCount
          ? []
          : await visible
              .select(['id', 'name', 'image_url', 'is_shown_on_homepage', 'is_highlighted'])
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(pageSize)
              .offset(offset)
              .execute();
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
