/**
 * The database of a test's data folder. Without `DATABASE_URL` it is SQLite inside the folder,
 * as in production. With it (`npm run test:postgres`), every data folder gets its own PostgreSQL
 * database, cloned from the migrated template the global setup made (cloning is much faster
 * than migrating), so tests never see each other's rows; a restarted server opens the same one.
 * The databases a test file made are dropped after it (see `dropTestDatabases`).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import pg from 'pg';
import { DATABASE_FILE, type DatabaseLocation, type Db } from '../../../server/db/database.ts';
import { isPostgres } from '../../../server/db/dialect.ts';

/** The migrated database every test database is cloned from (postgres-template.ts makes it). */
export const TEMPLATE_DATABASE = 't_migrated';

const created = new Set<string>();
let adminPool: pg.Pool | undefined;

function admin(serverUrl: string): pg.Pool {
  // `allowExitOnIdle`: the pool never keeps a test worker alive.
  adminPool ??= new pg.Pool({ connectionString: serverUrl, max: 2, allowExitOnIdle: true });
  return adminPool;
}

/** The URL of database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Where the app of `dataDir` keeps its data: SQLite in it, or its own PostgreSQL database,
 * migrated unless `unmigrated` (a test of the migrations themselves).
 */
export async function testDatabase(
  dataDir: string,
  { unmigrated = false } = {},
): Promise<DatabaseLocation> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') return { dataDir };
  const name = `t_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
  if (!created.has(name)) {
    await admin(serverUrl).query(
      unmigrated
        ? `create database ${name}`
        : `create database ${name} template ${TEMPLATE_DATABASE} strategy file_copy`,
    );
    created.add(name);
  }
  return { dataDir, databaseUrl: databaseUrl(serverUrl, name) };
}

/** Drops every database `testDatabase` made in this test file (connections left open too). */
export async function dropTestDatabases(): Promise<void> {
  if (adminPool === undefined) return;
  const pool = adminPool;
  for (const name of created) await pool.query(`drop database if exists ${name} with (force)`);
  created.clear();
  adminPool = undefined;
  await pool.end();
}

/** A connection to the database of a data folder of its own, as another process would open. */
export interface OtherConnection {
  /** Runs SQL text (several statements allowed); on SQLite it has run when this returns. */
  run(statements: string): Promise<void>;
  close(): Promise<void>;
}

export async function anotherConnection(dataDir: string): Promise<OtherConnection> {
  const { databaseUrl } = await testDatabase(dataDir);
  if (databaseUrl === undefined) {
    const sqlite = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    return {
      run: (statements) => Promise.resolve(sqlite.exec(statements)),
      close: () => Promise.resolve(sqlite.close()),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    run: async (statements) => void (await client.query(statements)),
    close: () => client.end(),
  };
}

/**
 * Makes every insert into `table` fail as a full disk would, until the returned function is
 * called: a trigger, in each dialect's syntax.
 */
export async function refuseInserts(db: Db, table: string): Promise<() => Promise<void>> {
  const trigger = sql.id(`refuse_${table}`);
  if (isPostgres(db)) {
    await sql`create function ${trigger}() returns trigger language plpgsql as
      $$ begin raise exception 'disk full'; end $$`.execute(db);
    await sql`create trigger ${trigger} before insert on ${sql.table(table)}
      for each row execute function ${trigger}()`.execute(db);
    return async () => {
      await sql`drop trigger ${trigger} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${trigger}()`.execute(db);
    };
  }
  await sql`create trigger ${trigger} before insert on ${sql.table(table)}
    begin select raise(abort, 'disk full'); end`.execute(db);
  return async () => void (await sql`drop trigger ${trigger}`.execute(db));
}
