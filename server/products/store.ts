/** Every query on products. Each function takes the database or an open transaction first. */
import type { Db } from '../db/database.ts';
import type { NewProductRow } from '../db/schema.ts';

export interface ProductScope {
  /** Staff see the products hidden from the home page too. */
  includeHidden: boolean;
}

function visibleProducts(db: Db, scope: ProductScope) {
  return db
    .selectFrom('products')
    .$if(!scope.includeHidden, (products) => products.where('is_shown_on_homepage', '=', 1));
}

export async function countProducts(db: Db, scope: ProductScope): Promise<number> {
  const { totalCount } = await visibleProducts(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('totalCount'))
    .executeTakeFirstOrThrow();
  return totalCount;
}

/** Newest first, then by id: a stable order for paging. */
export function listProducts(db: Db, scope: ProductScope, page: { limit: number; offset: number }) {
  return visibleProducts(db, scope)
    .select(['id', 'name', 'image_url', 'is_shown_on_homepage', 'is_highlighted'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function insertProducts(db: Db, products: readonly NewProductRow[]): Promise<void> {
  if (products.length === 0) return;
  await db.insertInto('products').values(products).execute();
}
