/**
 * Where SQLite and PostgreSQL need different SQL (docs/decisions/0024-postgresql.md). Stores and
 * migrations ask this module instead of spelling either dialect, so the differences are listed
 * here and nowhere else. A helper gives SQLite exactly the SQL it had before PostgreSQL came:
 * the shipped migrations must keep creating the same schema there.
 */
import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres';

/** Any `Kysely`, whatever its schema type, a transaction or a connection included. */
type AnyDb = Pick<Kysely<never>, 'getExecutor'>;

/** Which database `db` (or a transaction or connection of it) talks to. */
export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * An integer primary key numbered by the database: SQLite's `integer primary key` is the rowid
 * already; PostgreSQL needs an identity column, "by default" so copied rows keep their ids.
 */
export function generatedId(db: Kysely<unknown>) {
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db) ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey();
}

/**
 * Text that compares, sorts and is unique regardless of (ASCII) letter case, as e-mail
 * addresses and names are: SQLite's `collate nocase`; PostgreSQL's `citext` (its extension is
 * created by `enableCaseInsensitiveText`). Equality in plain queries then ignores case on both.
 */
export function caseInsensitiveText(db: Kysely<unknown>): RawBuilder<unknown> | 'text' {
  return isPostgres(db) ? sql`citext` : 'text';
}

/** The column constraint half of `caseInsensitiveText`: apply it after the other constraints. */
export function ignoringCase(db: Kysely<unknown>) {
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db) ? column : column.modifyEnd(sql`collate nocase`);
}

/** `like`, which ignores ASCII letter case in SQLite; PostgreSQL's `like` does not, `ilike` does. */
export function likeIgnoringCase(db: Kysely<unknown>): RawBuilder<unknown> {
  return sql.raw(isPostgres(db) ? 'ilike' : 'like');
}

/** Makes `caseInsensitiveText` available (a trusted extension: the database owner may add it). */
export async function enableCaseInsensitiveText(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`create extension if not exists citext`.execute(db);
}

/**
 * `select ... for update` where it means something: PostgreSQL locks the rows read until the
 * transaction ends, so a concurrent transaction reading them waits and then sees the change.
 * SQLite has no such clause and needs none: a write transaction excludes every other writer.
 */
export function forUpdate<Query extends { forUpdate(): Query }>(db: AnyDb, query: Query): Query {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * Makes the transactions `trx` belongs to that name the same `key` run one after another: on
 * PostgreSQL a transaction-level advisory lock (freed at commit or rollback, in every process);
 * SQLite needs none: one process, and a write transaction excludes every other writer.
 */
export async function serializeTransactions(trx: AnyDb, key: string): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/**
 * Whether `error` is PostgreSQL refusing a text it cannot hold: its text types have no NUL
 * character (U+0000), which SQLite stores like any other. That is bad input, not an outage.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // character_not_in_repertoire (what a NUL raises) and untranslatable_character.
  return error instanceof pg.DatabaseError && (code === '22021' || code === '22P05');
}

/**
 * After rows were copied into `table` with their ids, the next generated id must follow the
 * largest: SQLite's rowid does by itself, PostgreSQL's identity sequence does not.
 */
export async function continueIdsAfterCopy(db: Kysely<unknown>, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
    coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
}

/**
 * Runs `work` on one connection whose commits do not wait for the disk (a crash may lose the
 * last ones, never corrupt anything), held for the whole time so that no other query runs with
 * the relaxed setting: SQLite's `synchronous = NORMAL`, PostgreSQL's `synchronous_commit = off`.
 */
export async function withoutWaitingForDisk<Schema, T>(
  db: Kysely<Schema>,
  work: (connection: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  const [relax, restore] = isPostgres(db)
    ? [sql`set synchronous_commit = off`, sql`reset synchronous_commit`]
    : [sql`pragma synchronous = NORMAL`, sql`pragma synchronous = FULL`];
  return db.connection().execute(async (connection) => {
    await relax.execute(connection);
    try {
      return await work(connection);
    } finally {
      await restore.execute(connection);
    }
  });
}

/**
 * `for update skip locked` on PostgreSQL, for a subquery that picks work: a process passes over
 * the rows another is claiming instead of waiting for them. SQLite has no such clause and needs
 * none: a write transaction excludes every other writer.
 */
export function skipLocked<Query extends { forUpdate(): Query; skipLocked(): Query }>(
  db: AnyDb,
  query: Query,
): Query {
  return isPostgres(db) ? query.forUpdate().skipLocked() : query;
}
