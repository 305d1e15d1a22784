/**
 * The dispatcher's queries on newsletters and their per-recipient ledger. Every change of state
 * is one conditional UPDATE, so processes sharing the database never both take the same work:
 * the losing process's condition no longer holds and it changes nothing.
 */
import { sql } from 'kysely';
import { cleanLine } from '../../src/api/text.ts';
import type { Db } from '../db/database.ts';
import { withoutWaitingForDisk } from '../db/dialect.ts';

/**
 * Takes the earliest due scheduled newsletter into `sending` and snapshots its campaign's active
 * subscribers into the ledger, in one transaction: a crash leaves either both or neither.
 */
export async function claimDueNewsletter(
  db: Db,
  owner: string,
  now: Date,
): Promise<number | undefined> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('newsletters')
      .set({ status: 'sending', claimed_by: owner, claimed_at: at })
      .where(
        'id',
        '=',
        trx
          .selectFrom('newsletters')
          .select('id')
          .where('status', '=', 'scheduled')
          .where('scheduled_at', '<=', at)
          .orderBy('scheduled_at')
          .orderBy('id')
          .limit(1),
      )
      .where('status', '=', 'scheduled')
      .returning(['id', 'campaign_id'])
      .executeTakeFirst();
    if (claimed === undefined) return undefined;
    await trx
      .insertInto('newsletter_deliveries')
      .columns(['newsletter_id', 'subscription_id', 'email', 'state', 'next_attempt_at'])
      .expression(
        trx
          .selectFrom('campaign_subscriptions')
          .select([
            sql.lit(claimed.id).as('newsletter_id'),
            'id',
            'email',
            sql.lit('pending').as('state'),
            sql.lit(at).as('next_attempt_at'),
          ])
          .where('campaign_id', '=', claimed.campaign_id)
          .where('unsubscribed_at', 'is', null)
          .where('undeliverable_at', 'is', null),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return claimed.id;
  });
}

export interface LeasedDelivery {
  id: number;
  newsletter_id: number;
  subscription_id: number;
  attempts: number;
  uncertain: number;
}

/**
 * Leases up to `limit` recipients of sending newsletters: those pending and due, and those whose
 * lease ran out (their process died mid-send: they are flagged uncertain, since the mail may
 * have gone out before the crash).
 */
export async function leaseDeliveries(
  db: Db,
  owner: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<LeasedDelivery[]> {
  const at = now.toISOString();
  return (
    db
      .updateTable('newsletter_deliveries')
      .set({
        state: 'sending',
        lease_owner: owner,
        lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: sql`attempts + 1`,
        uncertain: sql`case when state = 'sending' then 1 else uncertain end`,
      })
      .where(
        'id',
        'in',
        db
          .selectFrom('newsletter_deliveries as d')
          .innerJoin('newsletters as n', 'n.id', 'd.newsletter_id')
          .select('d.id')
          .where('n.status', '=', 'sending')
          .where((eb) =>
            eb.or([
              eb.and([eb('d.state', '=', 'pending'), eb('d.next_attempt_at', '<=', at)]),
              eb.and([eb('d.state', '=', 'sending'), eb('d.lease_expires_at', '<=', at)]),
            ]),
          )
          .orderBy('d.id')
          .limit(limit),
      )
      // Checked again on the row itself: another process may have leased it meanwhile.
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('state', '=', 'sending'), eb('lease_expires_at', '<=', at)]),
        ]),
      )
      .returning(['id', 'newsletter_id', 'subscription_id', 'attempts', 'uncertain'])
      .execute()
  );
}

/**
 * What a leased row's send depends on, read right before it: whether its newsletter is still
 * sending, and the subscription's address and token while it is active (none once unsubscribed).
 */
export async function recipientToSend(db: Db, deliveryId: number) {
  const row = await db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletters as n', 'n.id', 'd.newsletter_id')
    .leftJoin('campaign_subscriptions as s', (join) =>
      join.onRef('s.id', '=', 'd.subscription_id').on('s.unsubscribed_at', 'is', null),
    )
    .select(['n.status', 's.id', 's.email', 's.unsubscribe_token', 's.undeliverable_at'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  const subscription =
    row?.id == null || row.email == null || row.unsubscribe_token == null
      ? undefined
      : { id: row.id, email: row.email, unsubscribeToken: row.unsubscribe_token };
  // Refused for good by another newsletter's send after this one's snapshot.
  const undeliverable = row?.undeliverable_at != null;
  return { newsletterSending: row?.status === 'sending', subscription, undeliverable };
}

export type Settlement =
  | { state: 'sent'; smtpResponse: string; at: Date }
  | { state: 'failed' | 'skipped' | 'cancelled'; error: string }
  | { state: 'pending'; error: string; nextAttemptAt: Date };

/**
 * Settles a leased row; does nothing when the lease passed to another process meanwhile.
 *
 * Committed without waiting for the disk (docs/decisions/0022): the fsync of a FULL commit per
 * message held the event loop for most of a send's time. A killed process loses nothing (the
 * WAL is in the operating system's hands once the commit returns); a power loss may roll back
 * the latest settlements to their durable lease, and an expired lease is sent again, flagged
 * uncertain, exactly as after a kill between the SMTP server's acceptance and this commit.
 */
export async function settleDelivery(
  db: Db,
  id: number,
  owner: string,
  settlement: Settlement,
): Promise<void> {
  const values =
    settlement.state === 'sent'
      ? { sent_at: settlement.at.toISOString(), smtp_response: settlement.smtpResponse }
      : settlement.state === 'pending'
        ? { last_error: settlement.error, next_attempt_at: settlement.nextAttemptAt.toISOString() }
        : { last_error: settlement.error };
  await withoutWaitingForDisk(db, (connection) =>
    connection
      .updateTable('newsletter_deliveries')
      .set({ ...values, state: settlement.state, lease_owner: null, lease_expires_at: null })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('lease_owner', '=', owner)
      .execute(),
  );
}

/** Enough of a receiving server's answer for staff to see why; the rest is cut. */
export const UNDELIVERABLE_REASON_MAX_LENGTH = 500;

/**
 * A hard bounce: the receiving server refused the address with a 5xx, so the subscription is
 * left out of later sends and staff see why. The first refusal's answer is kept, on one line and
 * cut to length: another server wrote it.
 */
export async function markUndeliverable(
  db: Db,
  subscriptionId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('campaign_subscriptions')
    .set({
      undeliverable_at: now.toISOString(),
      undeliverable_reason: cleanLine(reason).slice(0, UNDELIVERABLE_REASON_MAX_LENGTH),
    })
    .where('id', '=', subscriptionId)
    .where('undeliverable_at', 'is', null)
    .execute();
}

/** The recipients of newsletters `ids` whose address was refused for good, with the answer. */
export async function undeliverableRecipients(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('campaign_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.newsletter_id', 's.email', 's.undeliverable_reason'])
    .where('d.newsletter_id', 'in', ids)
    .where('d.state', '=', 'failed')
    .where('s.undeliverable_at', 'is not', null)
    .orderBy('d.newsletter_id')
    .orderBy('s.email')
    .execute();
}

/** Marks sending newsletters without pending or leased recipients as sent. */
export async function finishSentNewsletters(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('newsletters')
    .set({ status: 'sent', finished_at: now.toISOString() })
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_deliveries as d')
            .select('d.id')
            .whereRef('d.newsletter_id', '=', 'newsletters.id')
            .where('d.state', 'in', ['pending', 'sending']),
        ),
      ),
    )
    .execute();
}

/**
 * Closes the unsent rows of cancelled newsletters (all of them, or newsletter `id`'s): pending
 * ones, also those waiting for a retry, and leased ones whose lease ran out (their process died;
 * flagged uncertain, since their mail may have gone out). A live lease is left to its owner,
 * which settles it as sent when the mail was already handed over, as cancelled otherwise.
 */
export async function closeCancelledDeliveries(db: Db, now: Date, id?: number): Promise<void> {
  const at = now.toISOString();
  const cancelled = db.selectFrom('newsletters').select('id').where('status', '=', 'cancelled');
  await db
    .updateTable('newsletter_deliveries')
    .set({
      state: 'cancelled',
      uncertain: sql`case when state = 'sending' then 1 else uncertain end`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('newsletter_id', 'in', id === undefined ? cancelled : cancelled.where('id', '=', id))
    .where((eb) =>
      eb.or([
        eb('state', '=', 'pending'),
        eb.and([eb('state', '=', 'sending'), eb('lease_expires_at', '<=', at)]),
      ]),
    )
    .execute();
}

/** How many ledger rows are in each state, over every newsletter (the metrics' gauge). */
export async function countDeliveriesByState(db: Db) {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('state')
    .execute();
  return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
}
