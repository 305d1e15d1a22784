/**
 * The daily backup of a running server (`BACKUP_DIR` with `BACKUP_HOUR`): at that hour of
 * Zagreb's clock, then every day, keeping the newest `BACKUP_KEEP` archives. On PostgreSQL
 * several processes run the scheduler and one advisory lock lets only one of them take it; the
 * archive is named after the scheduled moment, so a process whose clock runs late finds it
 * taken. A failure is logged as an error and shown by `GET /health` (`status()`). The archive is
 * written by a process of its own (backup-process.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { archiveName, pruneBackups } from './backup.ts';
import { takeBackupInChildProcess } from './backup-process.ts';
import { withPostgresBackupLock } from './store.ts';

/** The site's clock (SPEC 9); BACKUP_HOUR is read on it. */
const ZAGREB_TIME_ZONE = 'Europe/Zagreb';

export interface BackupStatus {
  outcome: 'ok' | 'failed';
  finishedAt: Date;
}

/**
 * The first moment after `after` when Zagreb's clocks show `hour`:00. On the spring change a
 * skipped hour (02:00) reads as the hour after it, as the clocks show; on the autumn change a
 * repeated hour counts once (the second, winter-time one). Pure, for the tests.
 */
export function nextBackupTime(after: Date, hour: number): Date {
  const local = new TZDate(after.getTime(), ZAGREB_TIME_ZONE);
  for (let days = 0; ; days += 1) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      hour,
      0,
      0,
      ZAGREB_TIME_ZONE,
    );
    if (candidate.getTime() > after.getTime()) return new Date(candidate.getTime());
  }
}

export interface BackupSchedulerDeps {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'>;
  now: Clock;
  log: FastifyBaseLogger;
}

export interface BackupScheduler {
  /** The outcome of this process's last scheduled backup, if any ran. */
  status(): BackupStatus | undefined;
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

/** Starts the timer; call only when `config.backup` has a folder and an hour. */
export function startBackupScheduler(deps: BackupSchedulerDeps): BackupScheduler {
  const { dir: configuredDir, hour: configuredHour, keep } = deps.config.backup;
  if (configuredDir === undefined || configuredHour === undefined) {
    throw new Error('no backup folder or hour configured');
  }
  const dir: string = configuredDir;
  const hour: number = configuredHour;
  let last: BackupStatus | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function runAt(slot: Date) {
    try {
      const take = async () => {
        // Taken already, by another process of the same database.
        if (existsSync(path.join(dir, archiveName(slot)))) return;
        await takeBackupInChildProcess({ config: deps.config, outDir: dir, at: slot });
        const file = path.join(dir, archiveName(slot));
        const removed = await pruneBackups(dir, keep);
        deps.log.info({ file, removed }, 'backup taken');
        last = { outcome: 'ok', finishedAt: deps.now() };
      };
      const { databaseUrl } = deps.config;
      if (databaseUrl === undefined) await take();
      else await withPostgresBackupLock(databaseUrl, take);
    } catch (error) {
      deps.log.error({ err: error }, 'the scheduled backup failed');
      last = { outcome: 'failed', finishedAt: deps.now() };
    }
  }

  let previousSlot = new Date(0);
  function plan() {
    if (stopped) return;
    // After the previous slot too: a timer that fires a little early must not take it twice.
    const from = Math.max(deps.now().getTime(), previousSlot.getTime());
    const slot = nextBackupTime(new Date(from), hour);
    previousSlot = slot;
    timer = setTimeout(
      () => {
        running = runAt(slot).finally(() => {
          running = undefined;
          plan();
        });
      },
      Math.max(0, slot.getTime() - deps.now().getTime()),
    );
    timer.unref();
  }
  plan();

  return {
    status: () => last,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
