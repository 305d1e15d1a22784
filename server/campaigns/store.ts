/** The queries on campaigns and subscriptions that the service and the start-up share. */
import type { Db } from '../db/database.ts';
import type { UnsubscribedVia } from '../db/schema.ts';

/**
 * Adds the configured campaigns that are missing (every start, not only the demo seed: a real
 * installation needs them). Safe when several processes start at once.
 */
export async function ensureCampaigns(db: Db, names: readonly string[], now: Date): Promise<void> {
  await db
    .insertInto('campaigns')
    .values(names.map((name) => ({ name, created_at: now.toISOString() })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export function findCampaignByName(db: Db, name: string) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export function findCampaignById(db: Db, id: number) {
  return db.selectFrom('campaigns').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function findActiveSubscription(db: Db, campaignId: number, email: string) {
  return db
    .selectFrom('campaign_subscriptions')
    .select(['id', 'unsubscribe_token'])
    .where('campaign_id', '=', campaignId)
    .where('email', '=', email)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
}

export interface NewSubscription {
  campaignId: number;
  email: string;
  unsubscribeToken: string;
  subscribedAt: Date;
  sourcePage: string | null;
  ipAddress: string;
  userAgent: string | null;
}

/** The new row's id, or undefined when the address already has an active subscription. */
export async function insertSubscription(
  db: Db,
  subscription: NewSubscription,
): Promise<number | undefined> {
  const row = await db
    .insertInto('campaign_subscriptions')
    .values({
      campaign_id: subscription.campaignId,
      email: subscription.email,
      unsubscribe_token: subscription.unsubscribeToken,
      subscribed_at: subscription.subscribedAt.toISOString(),
      source_page: subscription.sourcePage,
      ip_address: subscription.ipAddress,
      user_agent: subscription.userAgent,
    })
    // The partial unique index on active rows: a concurrent twin loses here, not with a 500.
    .onConflict((conflict) =>
      conflict.columns(['campaign_id', 'email']).where('unsubscribed_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Clears the undeliverable mark of an address's active subscription (a hard bounce, issue 28):
 * its owner asked again, so the next newsletter tries it once more. Its unsubscribe token, or
 * undefined when there is no such subscription.
 */
export async function reviveUndeliverable(
  db: Db,
  campaignId: number,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('campaign_subscriptions')
    .set({ undeliverable_at: null, undeliverable_reason: null })
    .where('campaign_id', '=', campaignId)
    .where('email', '=', email)
    .where('unsubscribed_at', 'is', null)
    .where('undeliverable_at', 'is not', null)
    .returning('unsubscribe_token')
    .executeTakeFirst();
  return row?.unsubscribe_token;
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('campaign_subscriptions').where('id', '=', id).execute();
}

/** Marks an active subscription as ended; false when it already was. */
export async function markUnsubscribed(
  db: Db,
  id: number,
  at: Date,
  via: UnsubscribedVia,
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_subscriptions')
    .set({ unsubscribed_at: at.toISOString(), unsubscribed_via: via })
    .where('id', '=', id)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
