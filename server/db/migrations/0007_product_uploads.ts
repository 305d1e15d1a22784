/**
 * Products staff upload (issue 11): an uploaded product keeps media storage keys (its WebP and
 * card WebP, `products/<id>.webp`) like courses do, a demo product keeps the URL of its bundled
 * picture; exactly one of the two. The table also states the strip's rule that only a product
 * shown on the home page can be highlighted, and bounds its texts. SQLite cannot add checks
 * to a table, so it is rebuilt (nothing refers to products, ids are kept).
 */
import { sql, type Kysely } from 'kysely';
import { continueIdsAfterCopy, generatedId } from '../dialect.ts';

/** The same limits as PRODUCT_RULES of the contract, as they stood when this ran. */
const NAME_MAX_LENGTH = 200;
const DESCRIPTION_MAX_LENGTH = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products_new')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('name', 'text', (column) =>
      column.notNull().check(sql`length(name) between 1 and ${sql.lit(NAME_MAX_LENGTH)}`),
    )
    .addColumn('description', 'text', (column) =>
      column
        .notNull()
        .defaultTo('')
        .check(sql`length(description) <= ${sql.lit(DESCRIPTION_MAX_LENGTH)}`),
    )
    // A bundled picture's URL (demo products), or null when the image is uploaded media.
    .addColumn('image_url', 'text')
    .addColumn('image_key', 'text')
    .addColumn('image_card_key', 'text')
    .addColumn('is_shown_on_homepage', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`is_shown_on_homepage in (0, 1)`),
    )
    .addColumn('is_highlighted', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`is_highlighted in (0, 1)`),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addCheckConstraint(
      'products_one_image',
      sql`(image_url is null) = (image_key is not null) and (image_key is null) = (image_card_key is null)`,
    )
    .addCheckConstraint(
      'products_highlight_needs_homepage',
      sql`is_highlighted = 0 or is_shown_on_homepage = 1`,
    )
    .execute();
  // Rows that break the new rules cannot exist in practice; repair rather than fail the start.
  await sql`
    insert into products_new
      (id, name, description, image_url, is_shown_on_homepage, is_highlighted, created_at)
    select id, substr(name, 1, ${sql.lit(NAME_MAX_LENGTH)}),
      substr(description, 1, ${sql.lit(DESCRIPTION_MAX_LENGTH)}), image_url,
      is_shown_on_homepage, is_highlighted * is_shown_on_homepage, created_at
    from products
  `.execute(db);
  await db.schema.dropTable('products').execute();
  await db.schema.alterTable('products_new').renameTo('products').execute();
  await continueIdsAfterCopy(db, 'products');
  // The list is paged newest first.
  await db.schema
    .createIndex('products_created_at')
    .on('products')
    .columns(['created_at', 'id'])
    .execute();
  // Crash recovery asks which keys rows refer to (media/service.ts).
  await db.schema.createIndex('products_image_key').on('products').column('image_key').execute();
}
