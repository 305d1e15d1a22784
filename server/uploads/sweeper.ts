/**
 * Removes what tus uploads leave behind (decision 0019): an upload no education used within the
 * expiry after its creation loses its files and row; a used one, whose file an education owns
 * now, only its row (until then a second use is told "already used", afterwards "not found").
 * Runs once when the app is ready and then every `SWEEP_INTERVAL_MS`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { deleteVideoUpload, videoUploadsCreatedBefore } from './store.ts';
import type { VideoUploads } from './video-uploads.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface UploadSweeperDeps {
  db: Db;
  uploads: Pick<VideoUploads, 'discard'>;
  now: Clock;
  expiryHours: number;
}

/** One sweep; answers how many uploads it removed. */
export async function sweepExpiredUploads(deps: UploadSweeperDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - deps.expiryHours * 60 * 60 * 1000);
  const expired = await videoUploadsCreatedBefore(deps.db, before);
  for (const upload of expired) {
    if (upload.used_at === null) await deps.uploads.discard(upload.id);
    else await deleteVideoUpload(deps.db, upload.id);
  }
  return expired.length;
}

/** Sweeps now and then hourly; the returned function stops it. */
export function startUploadSweeper(deps: UploadSweeperDeps, log: FastifyBaseLogger): () => void {
  const sweep = () => {
    sweepExpiredUploads(deps).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed expired video uploads');
      },
      (error: unknown) => log.error({ err: error }, 'could not sweep expired video uploads'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
