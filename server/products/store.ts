/** Every query on products. Each function takes the database or an open transaction first. */
import { recordAudit } from '../audit/log.ts';
import { inTransaction } from '../db/transactions.ts';
import type { Db } from '../db/database.ts';
import type { NewProductRow, ProductRow } from '../db/schema.ts';

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
export function listProducts(
  db: Db,
  scope: ProductScope,
  page: { limit: number; offset: number },
): Promise<ProductRow[]> {
  return visibleProducts(db, scope)
    .selectAll()
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

export function insertProduct(db: Db, product: NewProductRow): Promise<ProductRow> {
  return db.insertInto('products').values(product).returningAll().executeTakeFirstOrThrow();
}

export interface ProductFlags {
  isShownOnHomepage: boolean;
  isHighlighted: boolean;
}

/**
 * Sets both flags in one transaction with the row they were decided from: `decide` sees the
 * stored flags and answers the new ones (or throws, and nothing changes). Undefined when there
 * is no such product.
 */
export function updateProductFlags(
  db: Db,
  id: number,
  decide: (current: ProductFlags) => ProductFlags,
): Promise<ProductRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('products')
      .select(['is_shown_on_homepage', 'is_highlighted'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const next = decide({
      isShownOnHomepage: row.is_shown_on_homepage === 1,
      isHighlighted: row.is_highlighted === 1,
    });
    return trx
      .updateTable('products')
      .set({
        is_shown_on_homepage: next.isShownOnHomepage ? 1 : 0,
        is_highlighted: next.isHighlighted ? 1 : 0,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Deletes a product; answers its media keys (none for a bundled picture), or undefined. */
export async function deleteProduct(db: Db, id: number): Promise<(string | null)[] | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom('products')
      .where('id', '=', id)
      .returning(['name', 'image_key', 'image_card_key'])
      .executeTakeFirst();
    if (row === undefined) return undefined;
    await recordAudit(trx, { kind: 'product', action: 'delete', objectId: id, summary: row.name });
    return [row.image_key, row.image_card_key];
  });
}

/** Which of `keys` a product refers to (its image or card image). */
export async function productMediaKeysAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select(['image_key', 'image_card_key'])
    .where((eb) => eb.or([eb('image_key', 'in', keys), eb('image_card_key', 'in', keys)]))
    .execute();
  return new Set(
    rows
      .flatMap((row) => [row.image_key, row.image_card_key])
      .filter((key): key is string => key !== null),
  );
}
