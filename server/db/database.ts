/**
 * The database: SQLite in the data folder by default (docs/decisions/0001-node-sqlite.md), Node's
 * built-in `node:sqlite` behind Kysely; or PostgreSQL when `DATABASE_URL` names a server that
 * several processes share (docs/decisions/0024-postgresql.md). What differs between the two is
 * in `dialect.ts`.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter } from 'kysely';
import { SqliteDialect } from 'kysely-sqlite';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export const DATABASE_FILE = 'app.db';

const PRAGMAS = [
  // Readers never block the writer and vice versa.
  'journal_mode = WAL',
  // Every acknowledged commit survives a power loss; cheap at this site's write rate.
  'synchronous = FULL',
  'foreign_keys = ON',
  // Wait instead of failing when another connection (a backup, a CLI command) holds the lock.
  'busy_timeout = 5000',
];

/**
 * SQLite can roll back schema changes, but Kysely's adapter says it cannot, which would run
 * migrations outside a transaction: a failing one would leave a half-migrated database.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class NodeSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Where the database is: a PostgreSQL URL when given, else SQLite in the data folder. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the database: a pool of PostgreSQL connections (made on first use) for `databaseUrl`,
 * else `<dataDir>/app.db` (created when needed). `db.destroy()` closes it.
 */
export function openDatabase({ dataDir, databaseUrl }: DatabaseLocation): Db {
  if (databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: databaseUrl, types: POSTGRES_TYPES });
    // An idle connection the server ends (a restart, a failover, an administrator) is dropped
    // by the pool and the next query opens a new one; unheard, its error would end the process.
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  for (const pragma of PRAGMAS) sqlite.exec(`pragma ${pragma}`);
  return new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
}

/**
 * `count(*)` and `sum(...)` are 64-bit in PostgreSQL, which `pg` hands over as strings; every
 * such value here (a count, an id) is far below 2^53, so it is read as the number SQLite gives.
 */
const POSTGRES_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Applies every pending migration; throws (leaving the database as it was) on failure. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
