/**
 * The database's part of a backup, taken while the server runs and writes, and put back on
 * restore:
 * - SQLite through its online backup API (`node:sqlite`'s `backup`), all pages in one step: one
 *   read transaction, so the copy is one consistent moment; in WAL mode writers go on meanwhile,
 *   and the copying runs off the event loop. Never a copy of the file, which may be mid-write.
 * - PostgreSQL through `pg_dump --format=custom` (its own consistent snapshot), put back by
 *   `pg_restore` in one transaction, so a failed restore leaves the database empty.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { DATABASE_FILE } from '../db/database.ts';

const run = promisify(execFile);
/** Larger than any database's page count: the whole copy is a single step. */
const ALL_PAGES = 2 ** 31 - 1;

export async function snapshotSqlite(dataDir: string, targetFile: string): Promise<void> {
  const source = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  try {
    source.exec('pragma busy_timeout = 5000');
    await backup(source, targetFile, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
}

export async function dumpPostgres(
  databaseUrl: string,
  targetFile: string,
  binDir: string | undefined,
): Promise<void> {
  const { url, env } = withoutPassword(databaseUrl);
  await runTool(
    postgresTool('pg_dump', binDir),
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${targetFile}`, `--dbname=${url}`],
    env,
  );
}

export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  binDir: string | undefined,
): Promise<void> {
  const { url, env } = withoutPassword(databaseUrl);
  await runTool(
    postgresTool('pg_restore', binDir),
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${url}`,
      dumpFile,
    ],
    env,
  );
}

async function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(file, args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${path.basename(file)} failed: ${stderr || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** The password travels in the environment, not on a command line every user can list. */
function withoutPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: password === '' ? {} : { PGPASSWORD: password } };
}

/**
 * `pg_dump` or `pg_restore`: in `PG_BIN` when set; else the newest of Debian's
 * `/usr/lib/postgresql/<version>/bin` (a newer pg_dump reads older servers, not the reverse);
 * else the one on the PATH.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore', binDir: string | undefined): string {
  if (binDir !== undefined) return path.join(binDir, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const file = path.join(root, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  return name;
}
