/**
 * Newsletters forgive (issue 28): a product's price is stored as whole cents, read from the text
 * staff typed with the site's one price reader (src/lib/price.ts), so the mail shows it the
 * Croatian way ("49,90 €"); and a cancelled newsletter no longer holds its subject, so the
 * subject can be used again: the subject is unique only among the newsletters not cancelled.
 *
 * SQLite cannot drop a column's unique constraint, so `newsletters` is rebuilt with the columns
 * of 0009 restated (a migration stays exactly as it ran). Dropping the old table deletes its
 * products and ledger rows through their cascading foreign keys (foreign keys cannot be switched
 * off inside the migration's transaction), so those rows are kept aside and put back unchanged.
 * PostgreSQL drops the constraint in place.
 */
import { sql, type Kysely } from 'kysely';
import { parsePrice } from '../../../src/lib/price.ts';
import { caseInsensitiveText, generatedId, ignoringCase, isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await freeCancelledSubjects(db);
  await pricesInCents(db);
}

async function freeCancelledSubjects(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table newsletters drop constraint newsletters_subject_key`.execute(db);
  } else {
    await rebuildNewslettersWithoutUniqueSubject(db);
  }
  await sql`create unique index newsletters_subject_not_cancelled on newsletters (subject)
    where status <> 'cancelled'`.execute(db);
}

async function rebuildNewslettersWithoutUniqueSubject(db: Kysely<unknown>): Promise<void> {
  await sql`create temp table kept_newsletter_products as select * from newsletter_products`.execute(
    db,
  );
  await sql`create temp table kept_newsletter_deliveries as
    select * from newsletter_deliveries`.execute(db);
  await db.schema
    .createTable('newsletters_new')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('subject', caseInsensitiveText(db), (column) => ignoringCase(db)(column.notNull()))
    .addColumn('template_name', caseInsensitiveText(db), (column) =>
      ignoringCase(db)(column.notNull().unique()),
    )
    .addColumn('campaign_id', 'integer', (column) => column.notNull().references('campaigns.id'))
    .addColumn('heading', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('scheduled_at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('scheduled', 'sending', 'sent', 'cancelled')`),
    )
    .addColumn('created_by', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await sql`insert into newsletters_new select * from newsletters`.execute(db);
  await db.schema.dropTable('newsletters').execute();
  await db.schema.alterTable('newsletters_new').renameTo('newsletters').execute();
  await db.schema
    .createIndex('newsletters_due')
    .on('newsletters')
    .columns(['status', 'scheduled_at'])
    .execute();
  await sql`insert into newsletter_products select * from kept_newsletter_products`.execute(db);
  await sql`insert into newsletter_deliveries select * from kept_newsletter_deliveries`.execute(db);
  await sql`drop table kept_newsletter_products`.execute(db);
  await sql`drop table kept_newsletter_deliveries`.execute(db);
}

async function pricesInCents(db: Kysely<unknown>): Promise<void> {
  await sql`alter table newsletter_products
    add column price_cents integer not null default 0`.execute(db);
  const { rows } = await sql<{ newsletter_id: number; position: number; price: string }>`
    select newsletter_id, position, price from newsletter_products`.execute(db);
  for (const row of rows) {
    // Every stored price passed the old rule (`12.50 €`), which parsePrice reads.
    const cents = parsePrice(row.price) ?? 0;
    await sql`update newsletter_products set price_cents = ${cents}
      where newsletter_id = ${row.newsletter_id} and position = ${row.position}`.execute(db);
  }
  await sql`alter table newsletter_products drop column price`.execute(db);
}
