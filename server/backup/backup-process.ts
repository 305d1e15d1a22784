/**
 * The daily backup of a running server, taken by `npm run backup`'s script in a process of its
 * own at a lower CPU priority (issue 31). In the server's process it grew the server's memory by
 * 57 to 71 MiB for a 256 MiB video (read buffers V8 frees only in bulk) and competed at full
 * priority with the requests it serves; a child's memory goes back to the system when it exits.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

const BACKUP_SCRIPT = fileURLToPath(new URL('../cli/backup.ts', import.meta.url));
/**
 * Niceness of a backup: the server's requests go first (0 is the default, 19 the least). At 10,
 * the p99 of a request during the daily backup was 1.9 times idle's; at 19, 1.8; docs/operations.md
 * has the later figures (`npm run bench:backup`).
 */
export const BACKUP_NICENESS = 19;
/** What of the script's error output a failure keeps for the log. */
const STDERR_KEPT_CHARS = 4000;

export interface BackupProcessOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'>;
  outDir: string;
  /** Names the archive (`backup-<UTC time>.tar`). */
  at: Date;
}

export function takeBackupInChildProcess({ config, outDir, at }: BackupProcessOptions) {
  // The child reads its configuration from the environment: the server's, as the server has it.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: config.dataDir, BACKUP_DIR: outDir };
  delete env.DATABASE_URL;
  delete env.PG_BIN;
  if (config.databaseUrl !== undefined) env.DATABASE_URL = config.databaseUrl;
  if (config.backup.postgresBinDir !== undefined) env.PG_BIN = config.backup.postgresBinDir;
  // The script lowers its own niceness to BACKUP_NICENESS. Not Linux's idle policy as well
  // (`chrt --idle`): with both cores busy the backup got nothing, not even its start, for over a
  // minute; at niceness 19 it still gets a share.
  const args = [BACKUP_SCRIPT, '--out', outDir, '--at', at.toISOString()];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
  });
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `the backup process ended with ${signal ?? `exit code ${code}`}: ${stderr.trim()}`,
          ),
        );
    });
  });
}
