/**
 * `npm run backup`'s work, loaded by backup.ts once the process runs at the backup's priority.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefused, readArchive } from '../backup/archive.ts';
import { takeBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { DATABASE_FILE, openDatabase } from '../db/database.ts';

const USAGE = 'Usage: npm run backup [-- --out DIR] | npm run backup -- --verify FILE';

async function main(): Promise<void> {
  const { values } = parseArgs({
    // `--at` names the archive by the daily slot it was taken for (server/backup/schedule.ts).
    options: { out: { type: 'string' }, verify: { type: 'string' }, at: { type: 'string' } },
  });
  if (values.verify !== undefined) {
    const manifest = await readArchive(values.verify);
    console.log(
      `${values.verify}: sound; ${manifest.entries.length} entries, ${manifest.database.dialect} ` +
        `database at ${manifest.database.schemaVersion}, taken ${manifest.createdAt}.`,
    );
    return;
  }
  const config = loadConfig(process.env);
  const outDir = values.out ?? config.backup.dir;
  if (outDir === undefined) throw new BackupRefused(`--out or BACKUP_DIR is needed\n${USAGE}`);
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new BackupRefused(`--at must be a date and time\n${USAGE}`);
  // Opening a missing SQLite file would create it: a mistyped DATA_DIR would get a database.
  if (config.databaseUrl === undefined && !existsSync(path.join(config.dataDir, DATABASE_FILE))) {
    throw new BackupRefused(
      `${config.dataDir} holds no ${DATABASE_FILE}: DATA_DIR must be the server's data folder`,
    );
  }
  const db = openDatabase(config);
  const started = performance.now();
  try {
    const { file, manifest } = await takeBackup({ config, db, outDir, at });
    const bytes = manifest.entries.reduce((sum, entry) => sum + entry.size, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${file}: ${manifest.entries.length} entries, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds} s.`,
    );
  } finally {
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? `Refused: ${error.message}` : error);
    process.exit(1);
  },
);
