/**
 * Partners (SPEC 3 "Partner"): the companies whose educations the library shows. A name is
 * unique whatever its letter case: `name_key` holds it folded (Unicode lower case, so 'Š' and
 * 'š' are one name, which SQLite's ASCII-only `nocase` would miss), under a unique index. The
 * logo columns hold media storage keys like those of courses.
 */
import { sql, type Kysely } from 'kysely';
import { generatedId, likeIgnoringCase } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partners')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('name_key', 'text', (column) => column.notNull().unique())
    .addColumn('website_url', 'text', (column) =>
      column
        .notNull()
        .check(
          sql`website_url ${likeIgnoringCase(db)} 'http://%' or website_url ${likeIgnoringCase(db)} 'https://%'`,
        ),
    )
    .addColumn('logo_key', 'text', (column) => column.notNull())
    .addColumn('logo_card_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // The list is newest first.
  await db.schema
    .createIndex('partners_created_at')
    .on('partners')
    .columns(['created_at', 'id'])
    .execute();
}
