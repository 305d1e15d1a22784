/**
 * The newsletter tables: uploaded images, newsletters with their products, and the counts of
 * their delivery ledger (the dispatcher's own queries are in ./deliveries.ts).
 */
import { inTransaction } from '../db/transactions.ts';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { serializeTransactions } from '../db/dialect.ts';
import type { Database, NewsletterStatus } from '../db/schema.ts';
import { closeCancelledDeliveries } from './deliveries.ts';

export interface NewImage {
  imageKey: string;
  doubleKey: string;
  title: string;
  uploadedBy: number;
  createdAt: Date;
}

export async function insertNewsletterImage(db: Db, image: NewImage): Promise<void> {
  await db
    .insertInto('newsletter_images')
    .values({
      image_key: image.imageKey,
      image_2x_key: image.doubleKey,
      title: image.title,
      uploaded_by: image.uploadedBy,
      created_at: image.createdAt.toISOString(),
    })
    .execute();
}

/** The uploaded images among `keys` (600 px keys), by key. */
export async function newsletterImagesByKey(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, { id: number }>();
  const rows = await db
    .selectFrom('newsletter_images')
    .select(['id', 'image_key'])
    .where('image_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.image_key, { id: row.id }]));
}

/** Which of `keys` a newsletter image refers to (media recovery after a crash). */
export async function newsletterMediaKeysAmong(
  db: Db,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('newsletter_images')
    .select(['image_key', 'image_2x_key'])
    .where((eb) => eb.or([eb('image_key', 'in', keys), eb('image_2x_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.image_key, row.image_2x_key]));
}

export interface NewNewsletter {
  subject: string;
  templateName: string;
  campaignId: number;
  heading: string;
  body: string;
  scheduledAt: Date;
  createdBy: number;
  createdAt: Date;
  products: NewsletterProductRow[];
}

export interface NewsletterProductRow {
  title: string;
  priceCents: number;
  imageId: number;
}

/**
 * Creating and changing newsletters take turns (on PostgreSQL; SQLite's writers always do), so a
 * change that checked its subject free is never beaten to it by a creation (a 500, not a 409).
 */
const SUBJECTS_LOCK = 'newsletter-subjects';

/** The new newsletter's id, or undefined when its subject or template name is taken. */
export async function insertNewsletter(
  db: Db,
  newsletter: NewNewsletter,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    await serializeTransactions(trx, SUBJECTS_LOCK);
    const row = await trx
      .insertInto('newsletters')
      .values({
        subject: newsletter.subject,
        template_name: newsletter.templateName,
        campaign_id: newsletter.campaignId,
        heading: newsletter.heading,
        body: newsletter.body,
        scheduled_at: newsletter.scheduledAt.toISOString(),
        status: 'scheduled',
        created_by: newsletter.createdBy,
        created_at: newsletter.createdAt.toISOString(),
      })
      // Either unique column (the subject among those not cancelled): a twin is a 409.
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) return undefined;
    await insertProducts(trx, row.id, newsletter.products);
    return row.id;
  });
}

async function insertProducts(
  trx: Transaction<Database>,
  newsletterId: number,
  products: readonly NewsletterProductRow[],
): Promise<void> {
  await trx
    .insertInto('newsletter_products')
    .values(
      products.map((product, position) => ({
        newsletter_id: newsletterId,
        position,
        title: product.title,
        price_cents: product.priceCents,
        image_id: product.imageId,
      })),
    )
    .execute();
}

export type NewsletterChange = Omit<NewNewsletter, 'createdBy' | 'createdAt'>;

/**
 * Changes newsletter `id` while it is scheduled (its sending has not begun: the dispatcher
 * takes it to `sending` in one update, so either this change or the sending comes first) and
 * replaces its products. 'notFound', 'notEditable' when it is no longer scheduled, 'taken' when
 * another newsletter not cancelled has its subject or template name.
 */
export async function updateScheduledNewsletter(
  db: Db,
  id: number,
  change: NewsletterChange,
): Promise<'updated' | 'notFound' | 'notEditable' | 'taken'> {
  return inTransaction(db, async (trx) => {
    await serializeTransactions(trx, SUBJECTS_LOCK);
    const current = await trx
      .selectFrom('newsletters')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (current === undefined) return 'notFound';
    if (current.status !== 'scheduled') return 'notEditable';
    const twin = await trx
      .selectFrom('newsletters')
      .select('id')
      .where('id', '<>', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('subject', '=', change.subject), eb('status', '<>', 'cancelled')]),
          eb('template_name', '=', change.templateName),
        ]),
      )
      .executeTakeFirst();
    if (twin !== undefined) return 'taken';
    const result = await trx
      .updateTable('newsletters')
      .set({
        subject: change.subject,
        template_name: change.templateName,
        campaign_id: change.campaignId,
        heading: change.heading,
        body: change.body,
        scheduled_at: change.scheduledAt.toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'scheduled' satisfies NewsletterStatus)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return 'notEditable';
    await trx.deleteFrom('newsletter_products').where('newsletter_id', '=', id).execute();
    await insertProducts(trx, id, change.products);
    return 'updated';
  });
}

/** Newest first, with the name of its campaign and the counts of each newsletter's ledger. */
export function listNewsletters(db: Db, limit: number) {
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  return db
    .selectFrom('newsletters as n')
    .innerJoin('campaigns as c', 'c.id', 'n.campaign_id')
    .leftJoin('newsletter_deliveries as d', 'd.newsletter_id', 'n.id')
    .select([
      'n.id',
      'n.subject',
      'n.template_name',
      'n.campaign_id',
      'c.name as campaign_name',
      'n.scheduled_at',
      'n.created_at',
      'n.status',
      count(sql`d.state in ('pending', 'sending')`).as('pending'),
      count(sql`d.state = 'sent'`).as('sent'),
      count(sql`d.state = 'failed'`).as('failed'),
      count(sql`d.state = 'skipped'`).as('skipped'),
      count(sql`d.state = 'cancelled'`).as('cancelled'),
      count(sql`d.uncertain = 1`).as('uncertain'),
    ])
    .groupBy(['n.id', 'c.name'])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

export type NewsletterListRow = Awaited<ReturnType<typeof listNewsletters>>[number];

/** A newsletter with its products and image keys, as the mail shows it. */
export async function findNewsletterContent(db: Db, id: number) {
  const newsletter = await db
    .selectFrom('newsletters')
    .select([
      'id',
      'subject',
      'template_name',
      'campaign_id',
      'heading',
      'body',
      'scheduled_at',
      'status',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (newsletter === undefined) return undefined;
  const products = await db
    .selectFrom('newsletter_products as p')
    .innerJoin('newsletter_images as i', 'i.id', 'p.image_id')
    .select(['p.title', 'p.price_cents', 'i.image_key', 'i.image_2x_key'])
    .where('p.newsletter_id', '=', id)
    .orderBy('p.position')
    .execute();
  return { ...newsletter, products };
}

export type NewsletterContent = NonNullable<Awaited<ReturnType<typeof findNewsletterContent>>>;

/**
 * Cancels a scheduled or sending newsletter and, in the same transaction, closes its unsent
 * ledger rows; false when there is no newsletter `id` in those states.
 */
export async function cancelNewsletter(db: Db, id: number, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('newsletters')
      .set({ status: 'cancelled', finished_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', 'in', ['scheduled', 'sending'] satisfies NewsletterStatus[])
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await closeCancelledDeliveries(trx, at, id);
    return true;
  });
}

export function findUserEmail(db: Db, userId: number) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}
