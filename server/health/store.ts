import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Throws when the database does not answer the simplest query. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
