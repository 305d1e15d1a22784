/**
 * Hard bounces (issue 28): a subscription whose address the receiving server refused with a 5xx
 * is marked undeliverable, with when and the server's answer. Later newsletters leave it out
 * (mailbox providers lower a sender's reputation for mail to addresses that do not exist), and
 * staff see the reason. Nullable columns added in place on both databases.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaign_subscriptions')
    .addColumn('undeliverable_at', 'text')
    .execute();
  await db.schema
    .alterTable('campaign_subscriptions')
    .addColumn('undeliverable_reason', 'text')
    .execute();
}
