/**
 * Taking a backup (`npm run backup`, and the daily run of schedule.ts): one tar archive of the
 * database's consistent snapshot and every file of the data folder `contents.ts` lists, with a
 * manifest of checksums. The database comes first: a file its rows name was placed before the
 * row was written, so it is in the folder when the files are read after the snapshot. A file
 * deleted between the two (an education deleted meanwhile) is left out.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { archiveWriter, BackupRefused, type Manifest } from './archive.ts';
import { BACKED_UP, FILES_PREFIX, POSTGRES_ENTRY, SQLITE_ENTRY } from './contents.ts';
import { dumpPostgres, snapshotSqlite } from './database-snapshot.ts';
import { isMigrated, latestMigration } from './store.ts';

export interface TakenBackup {
  file: string;
  manifest: Manifest;
}

export interface BackupOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'>;
  db: Db;
  outDir: string;
  /** Names the archive (`backup-<UTC time>.tar`). */
  at: Date;
}

const ARCHIVE_PATTERN = /^backup-\d{8}T\d{6}Z\.tar$/;

export function archiveName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar`;
}

export async function takeBackup(options: BackupOptions): Promise<TakenBackup> {
  const { config, db, outDir } = options;
  if (!(await isMigrated(db))) {
    throw new BackupRefused(
      "the database holds no site (no migration applied): DATA_DIR or DATABASE_URL must be the server's",
    );
  }
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const file = path.join(outDir, archiveName(options.at));
  const work = await mkdtemp(path.join(outDir, '.backup-work-'));
  let writer: ReturnType<typeof archiveWriter> | undefined;
  try {
    const postgres = config.databaseUrl !== undefined;
    const snapshot = path.join(work, postgres ? 'postgres.dump' : 'app.db');
    if (config.databaseUrl !== undefined) {
      await dumpPostgres(config.databaseUrl, snapshot, config.backup.postgresBinDir);
    } else {
      await snapshotSqlite(config.dataDir, snapshot);
    }
    const schemaVersion = await latestMigration(db);
    writer = archiveWriter(file);
    const databaseEntry = postgres ? POSTGRES_ENTRY : SQLITE_ENTRY;
    await writer.addFile(databaseEntry, snapshot);
    for (const relative of await backedUpFiles(config.dataDir)) {
      await writer.addFile(`${FILES_PREFIX}${relative}`, path.join(config.dataDir, relative));
    }
    const manifest = await writer.finish({
      format: 'dental-site-backup',
      version: 1,
      createdAt: options.at.toISOString(),
      database: { dialect: postgres ? 'postgres' : 'sqlite', entry: databaseEntry, schemaVersion },
    });
    writer = undefined;
    return { file, manifest };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupRefused(`${file} exists already`);
    }
    throw error;
  } finally {
    await writer?.abort();
    await rm(work, { recursive: true, force: true });
  }
}

/** The data folder's files to back up, relative to it with `/`, in a stable order. */
async function backedUpFiles(dataDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const item of BACKED_UP) {
    const absolute = path.join(dataDir, item.path);
    if (item.kind === 'file') {
      files.push(item.path);
      continue;
    }
    const found = await readdir(absolute, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of found) {
      if (!entry.isFile()) continue;
      files.push(
        path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
    }
  }
  return files.sort();
}

/** Removes all but the newest `keep` archives of `outDir`; answers the removed names. */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(outDir)).filter((name) => ARCHIVE_PATTERN.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(path.join(outDir, name), { force: true });
  return removed;
}
