/**
 * Version counters of cached content (courses/list-cache.ts): every write to a cached list bumps
 * its counter in the same transaction, every read of the cache asks for the counter first.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Bumps the version of `name`; call inside the transaction that changes the content. */
export async function bumpContentVersion(trx: Db, name: string): Promise<void> {
  await trx
    .insertInto('content_versions')
    .values({ name, version: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ version: sql`content_versions.version + 1` }),
    )
    .execute();
}

/** A reader of the version of `name` (0 before the first write). */
export function contentVersion(db: Db, name: string): () => Promise<number> {
  // Compiled once: the per-request check is a single indexed lookup.
  const query = db
    .selectFrom('content_versions')
    .select('version')
    .where('name', '=', name)
    .compile();
  return async () => (await db.executeQuery(query)).rows[0]?.version ?? 0;
}
