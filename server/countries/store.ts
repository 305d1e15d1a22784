/**
 * The countries a course may be held in. The table is the foreign-key target of courses; the
 * configured list (COURSE_COUNTRIES) decides which are `offered` for new courses. A country
 * dropped from the list stays, not offered, for the courses already held there.
 */
import type { Db } from '../db/database.ts';

/** Makes exactly `codes` offered; idempotent, run at every start. */
export async function syncOfferedCountries(db: Db, codes: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('countries').set({ offered: 0 }).execute();
    if (codes.length === 0) return;
    await trx
      .insertInto('countries')
      .values(codes.map((iso_code) => ({ iso_code, offered: 1 as const })))
      .onConflict((conflict) => conflict.column('iso_code').doUpdateSet({ offered: 1 }))
      .execute();
  });
}

/** Adds countries (not offered unless configured) that content refers to, e.g. the demo seed. */
export async function ensureCountries(db: Db, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('countries')
    .values(codes.map((iso_code) => ({ iso_code, offered: 0 as const })))
    .onConflict((conflict) => conflict.column('iso_code').doNothing())
    .execute();
}

export async function offeredCountries(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('countries')
    .select('iso_code')
    .where('offered', '=', 1)
    .orderBy('iso_code')
    .execute();
  return rows.map((row) => row.iso_code);
}
