/**
 * The daily backup of a running server, taken by `npm run backup`'s script in a process of its
 * own at a lower CPU priority (issue 31). In the server's process it grew the server's memory by
 * 57 to 71 MiB for a 256 MiB video (read buffers V8 frees only in bulk) and competed at full
 * priority with the requests it serves; a child's memory goes back to the system when it exits.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

const BACKUP_SCRIPT = fileURLToPath(new URL('../cli/backup.ts', import.meta.url));
/**
 * Niceness of a backup: the server's requests go first (0 is the default, 19 the least). At 10,
 * the p99 of a request during the daily backup was 1.9 times idle's; at 19, 1.8
 * (`npm run bench:backup`).
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
  const { command, args } = underIdleScheduling(process.execPath, [
    BACKUP_SCRIPT,
    '--out',
    outDir,
    '--at',
    at.toISOString(),
  ]);
  // The script lowers its own niceness to BACKUP_NICENESS.
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
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

/**
 * A command run under Linux's SCHED_IDLE policy (`chrt --idle 0`, util-linux) where the system has
 * it: the backup gets a core only when the server and everything else leave it one, which a
 * niceness cannot promise (request p99 during the daily backup 1.42 to 1.85 times idle's in
 * three runs, against 1.8 at niceness 19 alone). Elsewhere the command as it is, at the niceness set after the spawn.
 */
export function underIdleScheduling(
  command: string,
  args: readonly string[],
): { command: string; args: string[] } {
  const chrt = process.platform === 'linux' ? onPath('chrt') : undefined;
  return chrt === undefined
    ? { command, args: [...args] }
    : { command: chrt, args: ['--idle', '0', command, ...args] };
}

function onPath(name: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const file = path.join(folder, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}
