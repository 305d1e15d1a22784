/**
 * Products of the home-page strip (SPEC 3 "Product"). Flags are 0/1 integers, as SQLite
 * stores booleans; the image is a URL path (bundled demo images or uploaded media).
 */
import { sql, type Kysely } from 'kysely';
import { generatedId } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (column) => column.notNull())
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
    .execute();
  // The list is paged newest first.
  await db.schema
    .createIndex('products_created_at')
    .on('products')
    .columns(['created_at', 'id'])
    .execute();
}
