/** The gauges read from the shared database at scrape time: the same figures from every process. */
import type { Db } from '../db/database.ts';
import { countDeliveriesByState } from '../newsletters/deliveries.ts';
import { countTranscodesByState } from '../transcodes/store.ts';
import { declaredBytesOfUnfinishedUploads, unfinishedUploadCount } from '../uploads/store.ts';
import type { Metrics } from './registry.ts';

export function registerDatabaseGauges(metrics: Metrics, db: Db): void {
  metrics.gaugeReadAtScrape({
    name: 'newsletter_deliveries',
    help: 'Newsletter ledger rows (one per recipient and newsletter) by state.',
    labelNames: ['state'],
    read: async () =>
      (await countDeliveriesByState(db)).map(({ state, count }) => ({
        labels: { state },
        value: count,
      })),
  });
  metrics.gaugeReadAtScrape({
    name: 'video_uploads_unfinished',
    help: 'Video uploads (tus) still receiving bytes.',
    labelNames: [],
    read: async () => [{ labels: {}, value: await unfinishedUploadCount(db) }],
  });
  metrics.gaugeReadAtScrape({
    name: 'video_uploads_declared_bytes',
    help: 'Bytes the unfinished video uploads declared (Upload-Length): what they may still write.',
    labelNames: [],
    read: async () => [{ labels: {}, value: await declaredBytesOfUnfinishedUploads(db) }],
  });
  metrics.gaugeReadAtScrape({
    name: 'video_transcodes',
    help: 'Video transcode jobs by state; queued and processing are the queue.',
    labelNames: ['state'],
    read: async () =>
      (await countTranscodesByState(db)).map(({ state, count }) => ({
        labels: { state },
        value: count,
      })),
  });
}
