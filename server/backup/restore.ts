/**
 * Restoring a backup (`npm run restore -- FILE`) into an empty data folder, and an empty
 * PostgreSQL database when `DATABASE_URL` is set. Nothing final is written before every
 * checksum holds: the archive is unpacked into a staging folder beside the data folder (same file
 * system), held against its manifest, the database migrated there when the archive is older
 * than this version, and only then moved into place by renames. A refused or failed restore
 * removes the staging folder and leaves the target as it found it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { DATABASE_FILE, migrateToLatest, openDatabase } from '../db/database.ts';
import { BackupRefused, readArchive, type Manifest } from './archive.ts';
import { dataPathOfEntry, POSTGRES_ENTRY, SQLITE_ENTRY } from './contents.ts';
import { restorePostgres } from './database-snapshot.ts';
import { latestMigration, postgresHasNoTables } from './store.ts';

export interface RestoreReport {
  manifest: Manifest;
  /** The schema version after restoring (later than the archive's when it was migrated). */
  schemaVersion: string;
}

export async function restoreBackup(
  archive: string,
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'>,
): Promise<RestoreReport> {
  const { dataDir, databaseUrl } = config;
  await refuseNonEmptyTarget(dataDir, databaseUrl);
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(dataDir)}.restore-`));
  try {
    const stagedData = path.join(staging, 'data');
    const stagedDump = path.join(staging, 'postgres.dump');
    await mkdir(stagedData, { mode: 0o700 });
    const manifest = await readArchive(archive, (entry) => {
      if (entry === SQLITE_ENTRY) return path.join(stagedData, DATABASE_FILE);
      if (entry === POSTGRES_ENTRY) return stagedDump;
      const relative = dataPathOfEntry(entry);
      if (relative === undefined) throw new BackupRefused(`entry ${entry}: not one a backup holds`);
      return path.join(stagedData, ...relative.split('/'));
    });
    const { dialect } = manifest.database;
    const target = databaseUrl === undefined ? 'sqlite' : 'postgres';
    if (dialect !== target) {
      throw new BackupRefused(
        `the archive holds a ${dialect} database and the target is ${target}: ` +
          'restore into the kind of database it was taken from (docs/operations.md explains the move)',
      );
    }
    if (databaseUrl !== undefined) {
      await restorePostgres(databaseUrl, stagedDump, config.backup.postgresBinDir);
    }
    const db = openDatabase({ dataDir: stagedData, databaseUrl });
    let schemaVersion: string;
    try {
      await migrateToLatest(db);
      schemaVersion = await latestMigration(db);
    } finally {
      await db.destroy();
    }
    await moveIntoPlace(stagedData, dataDir);
    return { manifest, schemaVersion };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function refuseNonEmptyTarget(dataDir: string, databaseUrl: string | undefined) {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new BackupRefused(
      `the data folder ${dataDir} is not empty: restore only into an empty one`,
    );
  }
  if (databaseUrl === undefined) return;
  const db = openDatabase({ dataDir, databaseUrl });
  try {
    if (!(await postgresHasNoTables(db))) {
      throw new BackupRefused(
        'the database DATABASE_URL names has tables: restore only into an empty one',
      );
    }
  } finally {
    await db.destroy();
  }
}

async function moveIntoPlace(stagedData: string, dataDir: string) {
  if (!existsSync(dataDir)) {
    await rename(stagedData, dataDir);
    return;
  }
  for (const name of await readdir(stagedData)) {
    await rename(path.join(stagedData, name), path.join(dataDir, name));
  }
}
