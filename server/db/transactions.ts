/**
 * A transaction that joins the caller's: a store function written with `inTransaction` runs in
 * its own transaction when called with the database, and inside the caller's when called with a
 * transaction (Kysely cannot nest them). The audit log needs this: a service wraps a store's
 * write and its audit row in one transaction (server/audit/log.ts).
 */
import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
