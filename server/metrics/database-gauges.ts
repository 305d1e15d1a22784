/** The gauges read from the shared database at scrape time: the same figures from every process. */
import type { Db } from '../db/database.ts';
import { countDeliveriesByState } from '../jobs/deliveries.ts';
import { countUnusedVideoUploads } from '../uploads/store.ts';
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
    help: 'Video uploads (tus) that no education has taken yet.',
    labelNames: [],
    read: async () => [{ labels: {}, value: await countUnusedVideoUploads(db) }],
  });
}
