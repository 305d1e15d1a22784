/**
 * Cancelling a newsletter closes its unsent ledger rows (issue 14): a delivery can now be
 * `cancelled`, so the counts no longer show them as still to be sent. SQLite cannot change a
 * check, so the ledger is rebuilt with the same columns, ids, constraints and index, restated
 * here rather than shared with 0009: a migration stays exactly as it ran. PostgreSQL changes the
 * check in place (a rebuild could not even name its unique constraint as the old table's).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table newsletter_deliveries
      drop constraint newsletter_deliveries_state_check,
      add constraint newsletter_deliveries_state_check
        check (state in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'))`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('newsletter_deliveries_new')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('newsletter_id', 'integer', (column) =>
      column.notNull().references('newsletters.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'integer', (column) =>
      column.notNull().references('campaign_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column
        .notNull()
        .check(sql`state in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    // 1 once the row was claimed again after a lease ran out: the mail may have gone out twice.
    .addColumn('uncertain', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`uncertain in (0, 1)`),
    )
    .addColumn('smtp_response', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('newsletter_deliveries_recipient', ['newsletter_id', 'subscription_id'])
    .execute();
  await sql`insert into newsletter_deliveries_new select * from newsletter_deliveries`.execute(db);
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema
    .alterTable('newsletter_deliveries_new')
    .renameTo('newsletter_deliveries')
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_work')
    .on('newsletter_deliveries')
    .columns(['newsletter_id', 'state', 'next_attempt_at'])
    .execute();
}
