/** The queries of backups and restores. */
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.ts';

/** The latest migration applied (Kysely's own table): the schema version a backup records. */
export async function latestMigration(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  const name = rows[0]?.name;
  if (name === undefined) throw new Error('the database has never been migrated');
  return name;
}

/** Whether the database has Kysely's migration table: false for one that holds no site yet. */
export async function isMigrated(db: Db): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.some((table) => table.name === 'kysely_migration');
}

/** Whether a PostgreSQL database has no table of ours (a restore writes only into such a one). */
export async function postgresHasNoTables(db: Db): Promise<boolean> {
  const { rows } = await sql<{ tables: number }>`
    select count(*) as tables from information_schema.tables
    where table_schema = current_schema()`.execute(db);
  return Number(rows[0]?.tables ?? 0) === 0;
}

/**
 * Runs `work` holding a session-level advisory lock of PostgreSQL, on a connection of its own
 * (decision 0027's mechanism): of several processes on one database, only the one that gets it
 * takes the scheduled backup; the others answer undefined at once. The lock goes with the
 * session, so a process that dies mid-backup holds nothing.
 */
export async function withPostgresBackupLock<T>(
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtextextended('scheduled backup', 0)) as locked",
    );
    if (rows[0]?.locked !== true) return undefined;
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
