/**
 * Rate-limit counters that every server process shares (issue 16): one row per limited key
 * (a scope and a digest, see `limiterKey`) with the count of its current window. Used on
 * PostgreSQL, where several processes serve one site; the embedded SQLite default has one
 * process and counts in memory, so the table stays empty there.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    // When the window ends, in milliseconds since the epoch: a 64-bit integer on PostgreSQL.
    .addColumn('window_ends_ms', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_end')
    .on('rate_limit_counters')
    .column('window_ends_ms')
    .execute();
}
