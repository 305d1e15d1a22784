/** The `partners` table. Each function takes the database or an open transaction first. */
import type { Db } from '../db/database.ts';
import type { NewPartnerRow, PartnerRow } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';

/** Newest first; ties (same millisecond) by id, so the order is stable. */
export function listPartners(db: Db): Promise<PartnerRow[]> {
  return db
    .selectFrom('partners')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function partnerNameTaken(db: Db, nameKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('partners')
    .select('id')
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored row, or undefined when a partner of the same name key exists (a racing twin). */
export function insertPartner(db: Db, partner: NewPartnerRow): Promise<PartnerRow | undefined> {
  return db
    .insertInto('partners')
    .values(partner)
    .onConflict((conflict) => conflict.column('name_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function hasPartners(db: Db): Promise<boolean> {
  const row = await db.selectFrom('partners').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Which of `keys` a partner refers to (its logo in either size). */
export async function partnerMediaKeysAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('partners')
    .select(['logo_key', 'logo_card_key'])
    .where((eb) => eb.or([eb('logo_key', 'in', keys), eb('logo_card_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.logo_key, row.logo_card_key]));
}

export function findPartner(db: Db, id: number): Promise<PartnerRow | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a partner other than `id` has this name key. */
export async function partnerNameTakenByOther(
  db: Db,
  nameKey: string,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('partners')
    .select('id')
    .where('name_key', '=', nameKey)
    .where('id', '<>', id)
    .executeTakeFirst();
  return row !== undefined;
}

export type PartnerChange = Pick<PartnerRow, 'name' | 'name_key' | 'website_url'> &
  Partial<Pick<PartnerRow, 'logo_key' | 'logo_card_key'>>;

/** The row before and after the change, or undefined when the partner does not exist. */
export function updatePartner(
  db: Db,
  id: number,
  change: PartnerChange,
): Promise<{ before: PartnerRow; after: PartnerRow } | undefined> {
  return inTransaction(db, async (transaction) => {
    const before = await findPartner(transaction, id);
    if (before === undefined) return undefined;
    const after = await transaction
      .updateTable('partners')
      .set(change)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before, after };
  });
}

/** How many titles a refused delete names: enough to find them, short enough to read. */
export const NAMED_EDUCATIONS = 5;

export type PartnerDeletion =
  | { outcome: 'deleted'; name: string; mediaKeys: string[] }
  | { outcome: 'missing' }
  | { outcome: 'targetMissing' }
  | { outcome: 'inUse'; count: number; titles: string[] };

/**
 * Deletes a partner no education uses, or, with `reassignTo`, moves its educations to that
 * partner first, in one transaction: an education never points at a partner that is gone.
 */
export function deletePartner(
  db: Db,
  id: number,
  reassignTo: number | undefined,
): Promise<PartnerDeletion> {
  return inTransaction(db, async (transaction): Promise<PartnerDeletion> => {
    const partner = await findPartner(transaction, id);
    if (partner === undefined) return { outcome: 'missing' };
    if (reassignTo !== undefined) {
      if ((await findPartner(transaction, reassignTo)) === undefined) {
        return { outcome: 'targetMissing' };
      }
      await transaction
        .updateTable('educations')
        .set({ partner_id: reassignTo })
        .where('partner_id', '=', id)
        .execute();
    } else {
      const users = await educationsOfPartner(transaction, id);
      if (users.count > 0) return { outcome: 'inUse', ...users };
    }
    await transaction.deleteFrom('partners').where('id', '=', id).execute();
    return {
      outcome: 'deleted',
      name: partner.name,
      mediaKeys: [partner.logo_key, partner.logo_card_key],
    };
  });
}

/** How many educations use the partner, and the titles of the first few (oldest first). */
async function educationsOfPartner(
  db: Db,
  id: number,
): Promise<{ count: number; titles: string[] }> {
  const { count } = await db
    .selectFrom('educations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('partner_id', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('educations')
    .select('title')
    .where('partner_id', '=', id)
    .orderBy('id')
    .limit(NAMED_EDUCATIONS)
    .execute();
  return { count: Number(count), titles: rows.map((row) => row.title) };
}
