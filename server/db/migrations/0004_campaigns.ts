/**
 * Newsletter campaigns and their subscriptions (docs/decisions/0007). A subscription row is
 * the consent evidence: when, from which page, from which address and browser. Unsubscribing
 * marks the row instead of deleting it; a later subscription of the same address is a new row
 * with fresh evidence, so at most one row per campaign and address is active at a time.
 */
import { sql, type Kysely } from 'kysely';
import { caseInsensitiveText, generatedId, ignoringCase } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('name', caseInsensitiveText(db), (column) =>
      ignoringCase(db)(column.notNull().unique()),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('campaign_subscriptions')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('campaign_id', 'integer', (column) =>
      column.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('email', caseInsensitiveText(db), (column) => ignoringCase(db)(column.notNull()))
    // Kept as issued: every newsletter mail carries it (decision 0007).
    .addColumn('unsubscribe_token', 'text', (column) => column.notNull().unique())
    .addColumn('subscribed_at', 'text', (column) => column.notNull())
    .addColumn('source_page', 'text')
    .addColumn('ip_address', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('unsubscribed_via', 'text', (column) =>
      column.check(sql`unsubscribed_via in ('api', 'one-click')`),
    )
    .execute();
  // One active subscription per campaign and address; unsubscribed rows stay as history.
  await db.schema
    .createIndex('campaign_subscriptions_active')
    .on('campaign_subscriptions')
    .columns(['campaign_id', 'email'])
    .unique()
    .where(sql.ref('unsubscribed_at'), 'is', null)
    .execute();
}
