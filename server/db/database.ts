/**
 * The SQLite database (docs/decisions/0001-node-sqlite.md): Node's built-in `node:sqlite`
 * behind Kysely, so queries stay portable to PostgreSQL.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { Kysely, Migrator, SqliteAdapter } from 'kysely';
import { SqliteDialect } from 'kysely-sqlite';
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

/** Opens (creating when needed) `<dataDir>/app.db`. `db.destroy()` closes the file. */
export function openDatabase(dataDir: string): Db {
  const sqlite = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  for (const pragma of PRAGMAS) sqlite.exec(`pragma ${pragma}`);
  return new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
}

/** Applies every pending migration; throws (leaving the database as it was) on failure. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
