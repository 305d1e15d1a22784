/** The `partners` table. Each function takes the database or an open transaction first. */
import type { Db } from '../db/database.ts';
import type { NewPartnerRow, PartnerRow } from '../db/schema.ts';

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
