/**
 * Countries, courses, and the version counters that tell a cached answer it is stale.
 * Instants are ISO 8601 UTC strings like every timestamp here; prices are integer cents so no
 * sum or comparison ever meets a binary fraction. Media columns hold storage keys
 * (`courses/<id>.webp`), not URLs, so the files can move to object storage behind a CDN.
 */
import { sql, type Kysely } from 'kysely';
import { generatedId } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('iso_code', 'text', (column) => column.primaryKey())
    // A country dropped from COURSE_COUNTRIES stays for the courses held there, not offered.
    .addColumn('offered', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`offered in (0, 1)`),
    )
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) =>
      column.notNull().check(sql`length(description) <= 10000`),
    )
    // One lecturer, or several separated by commas.
    .addColumn('lecturer', 'text', (column) => column.notNull())
    .addColumn('location', 'text', (column) => column.notNull())
    .addColumn('country_iso_code', 'text', (column) =>
      column.notNull().references('countries.iso_code'),
    )
    .addColumn('start_date', 'text', (column) => column.notNull())
    .addColumn('end_date', 'text', (column) => column.notNull())
    // Null: no price given; 0: free.
    .addColumn('price_cents', 'integer', (column) => column.check(sql`price_cents >= 0`))
    .addColumn('image_key', 'text', (column) => column.notNull())
    .addColumn('image_card_key', 'text', (column) => column.notNull())
    .addColumn('pdf_key', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addCheckConstraint('courses_start_before_end', sql`start_date < end_date`)
    .execute();
  await db.schema.createIndex('courses_created_at').on('courses').column('created_at').execute();

  // One row per cached list, bumped in the transaction of every write to what it lists.
  await db.schema
    .createTable('content_versions')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
}
