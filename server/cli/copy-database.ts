/**
 * Moving an installation from the embedded SQLite database to PostgreSQL (issue 16,
 * docs/operations.md): every row of every table, ids kept, checked after the copy by a count and a
 * checksum per table computed alike on both sides. The files stay where they are (the same
 * `DATA_DIR` is mounted by the new processes); every file a row names is checked to exist.
 *
 * The tables come from the databases themselves, not from a list here: the source's tables and
 * columns must be exactly the target's after migrating it, so a table added by a later migration
 * is copied without a change here, and any difference stops the copy before a row is written.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { isVideoKey, VIDEO_FOLDER } from '../educations/videos.ts';
import { isMediaKey, MEDIA_FOLDER } from '../media/store.ts';
import { migrateToLatest, type Db } from '../db/database.ts';
import { continueIdsAfterCopy } from '../db/dialect.ts';
import { migrationProvider } from '../db/migrations/index.ts';

/** A reason not to copy, for the operator; nothing was written when it is thrown. */
export class CopyRefused extends Error {}

export interface TableReport {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface CopyReport {
  tables: TableReport[];
  /** Files named by a copied row that are not in the data folder. */
  missingFiles: string[];
}

interface SourceTable {
  name: string;
  columns: string[];
  /** Columns referring to another row of the same table (written after every row is in). */
  selfReferences: string[];
  /** The tables its foreign keys refer to. */
  parents: string[];
  /** Whether its key is an `id` the database numbers (a sequence to move on after the copy). */
  numberedId: boolean;
}

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

const BATCH_ROWS = 500;
/** Kysely's own bookkeeping: the target's is written by migrating it. */
const isOwnTable = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface CopyOptions {
  source: DatabaseSync;
  target: Db;
  /** Where the files the rows name are. */
  dataDir: string;
}

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const { source, dataDir } = options;
  const target = options.target as unknown as AnyDb;
  await refuseUnmigratedSource(source);
  await migrateToLatest(options.target);
  const tables = inParentOrder(sourceTables(source));
  await refuseDifferentSchema(tables, target);
  await refuseNonEmptyTarget(tables, target);

  await target.transaction().execute(async (trx) => {
    for (const table of tables) await copyTable(source, trx, table);
  });

  const missingFiles = new Set<string>();
  const reports: TableReport[] = [];
  for (const table of tables) {
    const sourceSum = await tableChecksum(sourceRows(source, table), table, () => undefined);
    const targetSum = await tableChecksum(targetRows(target, table), table, (value) => {
      const file = referencedFile(dataDir, value);
      if (file !== undefined && !existsSync(file)) missingFiles.add(value);
    });
    reports.push({
      table: table.name,
      sourceRows: sourceSum.rows,
      targetRows: targetSum.rows,
      sourceChecksum: sourceSum.checksum,
      targetChecksum: targetSum.checksum,
    });
  }
  return { tables: reports, missingFiles: [...missingFiles].sort() };
}

export const copyMatches = (report: CopyReport) =>
  report.tables.every(
    (table) =>
      table.sourceRows === table.targetRows && table.sourceChecksum === table.targetChecksum,
  );

async function refuseUnmigratedSource(source: DatabaseSync): Promise<void> {
  const known = Object.keys(await migrationProvider.getMigrations());
  const applied = new Set(
    (source.prepare('select name from kysely_migration').all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  const pending = known.filter((name) => !applied.has(name));
  if (pending.length > 0) {
    throw new CopyRefused(
      `The SQLite database lacks migrations ${pending.join(', ')}: start this version of the ` +
        'server on it once (it migrates at start), stop it, then copy.',
    );
  }
}

function sourceTables(source: DatabaseSync): SourceTable[] {
  const names = (
    source.prepare("select name from sqlite_master where type = 'table'").all() as {
      name: string;
    }[]
  )
    .map((row) => row.name)
    .filter(isOwnTable);
  return names.map((name) => {
    const columns = source.prepare(`pragma table_info(${quoted(name)})`).all() as {
      name: string;
      type: string;
      pk: number;
    }[];
    const keys = source.prepare(`pragma foreign_key_list(${quoted(name)})`).all() as {
      table: string;
      from: string;
    }[];
    const primary = columns.filter((column) => column.pk > 0);
    return {
      name,
      columns: columns.map((column) => column.name).sort(),
      selfReferences: keys.filter((key) => key.table === name).map((key) => key.from),
      parents: [...new Set(keys.map((key) => key.table).filter((parent) => parent !== name))],
      numberedId:
        primary.length === 1 &&
        primary[0]?.name === 'id' &&
        primary[0].type.toLowerCase() === 'integer',
    };
  });
}

/** Parents before children, so that every foreign key finds its row. */
function inParentOrder(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: SourceTable[] = [];
  const placed = new Set<string>();
  const place = (table: SourceTable, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) {
      throw new CopyRefused(`Foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`);
    }
    for (const parent of table.parents) {
      const parentTable = byName.get(parent);
      if (parentTable !== undefined) place(parentTable, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

async function refuseDifferentSchema(tables: SourceTable[], target: AnyDb): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()`.execute(target);
  const targetColumns = new Map<string, string[]>();
  for (const row of rows) {
    if (!isOwnTable(row.table_name)) continue;
    targetColumns.set(row.table_name, [
      ...(targetColumns.get(row.table_name) ?? []),
      row.column_name,
    ]);
  }
  const problems: string[] = [];
  for (const table of tables) {
    const columns = targetColumns.get(table.name)?.sort();
    if (columns === undefined) problems.push(`table ${table.name} is not in PostgreSQL`);
    else if (columns.join() !== table.columns.join()) {
      problems.push(
        `${table.name} has columns ${table.columns.join(', ')} in SQLite, ` +
          `${columns.join(', ')} in PostgreSQL`,
      );
    }
    targetColumns.delete(table.name);
  }
  for (const name of targetColumns.keys()) problems.push(`table ${name} is not in SQLite`);
  if (problems.length > 0) {
    throw new CopyRefused(`The two databases differ: ${problems.join('; ')}.`);
  }
}

async function refuseNonEmptyTarget(tables: SourceTable[], target: AnyDb): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(
      table.name,
    )}`.execute(target);
    if (Number(rows[0]?.count) > 0) filled.push(`${table.name} (${rows[0]?.count})`);
  }
  if (filled.length > 0) {
    throw new CopyRefused(
      `The PostgreSQL database holds rows already, in ${filled.join(', ')}: copy into an empty ` +
        'database only (nothing was written).',
    );
  }
}

function* sourceRows(source: DatabaseSync, table: SourceTable): Iterable<Row> {
  yield* source.prepare(`select * from ${quoted(table.name)}`).iterate() as Iterable<Row>;
}

async function copyTable(source: DatabaseSync, trx: AnyDb, table: SourceTable): Promise<void> {
  const later: Row[] = [];
  let batch: Row[] = [];
  const flush = async () => {
    if (batch.length > 0) await trx.insertInto(table.name).values(batch).execute();
    batch = [];
  };
  for (const row of sourceRows(source, table)) {
    const references = table.selfReferences.filter((column) => row[column] != null);
    if (references.length > 0) {
      later.push(row);
      batch.push({ ...row, ...Object.fromEntries(references.map((column) => [column, null])) });
    } else batch.push(row);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  // A row may refer to a later one of its own table (a refresh token to the one replacing it).
  for (const row of later) {
    const values = Object.fromEntries(table.selfReferences.map((column) => [column, row[column]]));
    await trx.updateTable(table.name).set(values).where('id', '=', row.id).execute();
  }
  if (table.numberedId) await continueIdsAfterCopy(trx as unknown as Kysely<unknown>, table.name);
}

/** The target's rows, a page at a time (memory bounded by the page). */
async function* targetRows(target: AnyDb, table: SourceTable): AsyncIterable<Row> {
  const order = table.columns.map((column) => sql.ref(column));
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const { rows } = await sql<Row>`select * from ${sql.table(table.name)}
      order by ${sql.join(order)} limit ${BATCH_ROWS} offset ${offset}`.execute(target);
    yield* rows;
    if (rows.length < BATCH_ROWS) return;
  }
}

/**
 * A table's count and checksum, the same on both databases for the same rows: each row as the
 * JSON of its values in column-name order, hashed; the sorted row hashes hashed again, so the
 * order the databases return rows in (their collations differ) does not matter. Memory: one
 * hash per row (a million rows, 70 MB).
 */
async function tableChecksum(
  rows: Iterable<Row> | AsyncIterable<Row>,
  table: SourceTable,
  onText: (value: string) => void,
): Promise<{ rows: number; checksum: string }> {
  const hashes: string[] = [];
  for await (const row of rows) {
    const values = table.columns.map((column) => {
      const value = row[column];
      if (typeof value === 'string') onText(value);
      return typeof value === 'bigint' ? Number(value) : (value ?? null);
    });
    hashes.push(createHash('sha256').update(JSON.stringify(values)).digest('hex'));
  }
  hashes.sort();
  const checksum = createHash('sha256').update(hashes.join('\n')).digest('hex');
  return { rows: hashes.length, checksum };
}

/** The file a stored value names, if it is a media or video key. */
function referencedFile(dataDir: string, value: string): string | undefined {
  if (isMediaKey(value)) return path.join(dataDir, MEDIA_FOLDER, ...value.split('/'));
  if (isVideoKey(value)) return path.join(dataDir, VIDEO_FOLDER, value);
  return undefined;
}
