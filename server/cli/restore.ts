/**
 * `npm run restore -- FILE`: puts a backup archive back into `DATA_DIR`, which must be empty or
 * absent, and into the empty PostgreSQL database of `DATABASE_URL` when set (server/backup/restore.ts;
 * docs/operations.md). Every checksum is checked before anything is written into place; the
 * database is migrated when the archive is older. Exit status 0 when restored, 1 otherwise
 * (the target is then as it was).
 */
import { parseArgs } from 'node:util';
import { BackupRefused } from '../backup/archive.ts';
import { restoreBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';

const USAGE = 'Usage: npm run restore -- FILE (into DATA_DIR, and DATABASE_URL when set)';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new BackupRefused(USAGE);
  const config = loadConfig(process.env);
  const { manifest, schemaVersion } = await restoreBackup(file, config);
  const migrated =
    schemaVersion === manifest.database.schemaVersion
      ? `schema ${schemaVersion}`
      : `schema migrated from ${manifest.database.schemaVersion} to ${schemaVersion}`;
  console.log(
    `Restored ${manifest.entries.length} entries taken ${manifest.createdAt} into ` +
      `${config.dataDir}${config.databaseUrl === undefined ? '' : ' and DATABASE_URL'}; ${migrated}.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? `Refused: ${error.message}` : error);
    process.exit(1);
  },
);
