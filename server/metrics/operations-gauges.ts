/** The gauges of the process's own surroundings: the data folder's disk and the daily backup. */
import type { BackupStatus } from '../backup/schedule.ts';
import type { Clock } from '../clock.ts';
import type { DiskSpace } from '../disk-space.ts';
import type { Metrics } from './registry.ts';

export function registerOperationsGauges(
  metrics: Metrics,
  deps: { disk: DiskSpace; now: Clock; backupStatus: (() => BackupStatus | undefined) | undefined },
): void {
  metrics.gaugeReadAtScrape({
    name: 'data_disk_free_bytes',
    help: "Free bytes of the data folder's disk; uploads stop and readiness fails below MIN_FREE_DISK_MIB.",
    labelNames: [],
    read: async () => [{ labels: {}, value: await deps.disk.freeBytes() }],
  });
  metrics.gaugeReadAtScrape({
    name: 'data_disk_min_free_bytes',
    help: 'MIN_FREE_DISK_MIB in bytes: the free space uploads never take.',
    labelNames: [],
    read: async () => [{ labels: {}, value: deps.disk.minFreeBytes }],
  });
  const { backupStatus } = deps;
  if (backupStatus === undefined) return;
  // Absent until this process's first scheduled backup finished: no figure, not a fake zero.
  metrics.gaugeReadAtScrape({
    name: 'backup_last_age_seconds',
    help: "Seconds since this process's last scheduled backup finished, by its outcome.",
    labelNames: ['outcome'],
    read: async () => {
      const last = backupStatus();
      if (last === undefined) return [];
      const age = (deps.now().getTime() - last.finishedAt.getTime()) / 1000;
      return [{ labels: { outcome: last.outcome }, value: age }];
    },
  });
}
