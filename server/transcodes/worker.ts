/**
 * The transcode worker (issue 27, decision 0045): started by the server, stopped with it, never
 * in a request's way. Each slot (`VIDEO_TRANSCODE_CONCURRENCY`, 1 by default) claims a job with
 * a lease (store.ts), probes the original, records duration and size on the education, and runs
 * hls.ts, renewing the lease and recording the progress every few seconds. A lost lease (another
 * process took the job after this one stalled) kills ffmpeg and leaves the job to its new owner;
 * a stopping server gives its jobs back to the queue; a killed one leaves them leased until the
 * lease runs out, and then any process takes them again and keeps the renditions already
 * published.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.ts';
import type { TranscodeSettings } from '../config.ts';
import type { Db } from '../db/database.ts';
import { transcodeToHls, TranscodeError } from './hls.ts';
import { probeVideo, type VideoProblem } from '../media/video-probe.ts';
import {
  claimTranscode,
  findTranscode,
  publishRenditions,
  recordVideoFacts,
  releaseTranscode,
  renewTranscodeLease,
  settleTranscode,
  type TranscodeJob,
} from './store.ts';
import type { StreamStore } from './streams.ts';

export interface TranscodeLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TranscodeWorkerOptions {
  db: Db;
  now: Clock;
  log: TranscodeLog;
  /** The folder of the originals (educations/videos.ts). */
  videosRoot: string;
  streams: Pick<StreamStore, 'folder' | 'remove'>;
  settings: TranscodeSettings;
  /** Pause between looks at an empty queue. */
  idlePollMs?: number;
}

export interface TranscodeWorker {
  /** Claims and runs one job; answers whether there was one. */
  runOnce(signal?: AbortSignal): Promise<boolean>;
  start(): void;
  /** Stops claiming, kills the running ffmpeg and gives its jobs back to the queue. */
  stop(): Promise<void>;
}

/** What the administrator reads for each refusal of the probe (the upload was checked too). */
const PROBLEM_REASONS: Record<VideoProblem, string> = {
  empty: 'the file is empty',
  'not-a-video': 'the file is not a video',
  incomplete: 'the file is incomplete',
  'audio-only': 'the file has sound but no picture',
  'image-only': 'the file is a still image',
  undecodable: 'the video cannot be decoded',
};

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export function transcodeWorker(options: TranscodeWorkerOptions): TranscodeWorker {
  const { db, now, log, settings } = options;
  const leaseMs = settings.leaseSeconds * 1000;
  const owner = `${hostname()}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const idlePollMs = options.idlePollMs ?? 500;

  async function work(job: TranscodeJob, signal: AbortSignal): Promise<void> {
    const lease = { educationId: job.education_id, owner };
    if (job.attempts > settings.maxAttempts) {
      log.warn({ educationId: job.education_id }, 'a transcode was interrupted too often');
      return settleTranscode(
        db,
        lease,
        { state: 'failed', failure: `interrupted ${settings.maxAttempts} times` },
        now(),
      );
    }
    const source = path.join(options.videosRoot, job.video_key);
    const probe = await probeVideo(source);
    if ('problem' in probe) {
      return settleTranscode(
        db,
        lease,
        { state: 'failed', failure: PROBLEM_REASONS[probe.problem] },
        now(),
      );
    }
    await recordVideoFacts(db, job.education_id, probe.video);

    // The lease is renewed on a timer, with the latest progress; losing it stops ffmpeg.
    const stopped = new AbortController();
    const abort = AbortSignal.any([signal, stopped.signal]);
    let progress = 0;
    const renew = async () => {
      if (!(await renewTranscodeLease(db, lease, now(), leaseMs, progress * 100))) {
        stopped.abort(new LeaseLost());
      }
    };
    const timer = setInterval(() => {
      renew().catch((error: unknown) =>
        log.error({ err: error }, 'renewing a transcode lease failed'),
      );
    }, leaseMs / 3);
    let failure: unknown;
    try {
      await transcodeToHls({
        source,
        folder: options.streams.folder(job.stream_key),
        video: probe.video,
        published: job.renditions === '' ? [] : job.renditions.split(',').map(Number),
        threads: settings.threads,
        signal: abort,
        onProgress: (fraction) => {
          progress = fraction;
        },
        async onPublished(names) {
          if (!(await publishRenditions(db, lease, names, now()))) throw new LeaseLost();
        },
      });
      await settleTranscode(db, lease, { state: 'ready' }, now());
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(timer);
    }
    // A deleted education's job ends here, whatever its pass made of the missing folder.
    if ((await removedMeanwhile(job)) || failure === undefined) return;
    if (failure instanceof LeaseLost || stopped.signal.aborted) {
      log.warn({ educationId: job.education_id }, 'a transcode lease passed to another process');
    } else if (signal.aborted) {
      await releaseTranscode(db, lease, now());
    } else if (failure instanceof TranscodeError) {
      await settleTranscode(db, lease, { state: 'failed', failure: failure.message }, now());
    } else {
      throw failure;
    }
  }

  /**
   * Whether the education was deleted, or its video replaced, while its job ran; then the stream
   * folder goes. ffmpeg has ended by now, so nothing writes into the folder after its removal
   * here (the deleting request's own removal may have come before ffmpeg's last files).
   */
  async function removedMeanwhile(job: TranscodeJob): Promise<boolean> {
    const current = await findTranscode(db, job.education_id);
    if (current?.stream_key === job.stream_key) return false;
    await options.streams.remove(job.stream_key);
    log.info({ educationId: job.education_id }, 'a transcoded video was removed meanwhile');
    return true;
  }

  async function runOnce(signal = new AbortController().signal): Promise<boolean> {
    const job = await claimTranscode(db, owner, now(), leaseMs);
    if (job === undefined) return false;
    log.info({ educationId: job.education_id, attempt: job.attempts }, 'transcoding a video');
    await work(job, signal);
    return true;
  }

  let running: Promise<void>[] = [];
  let stopping = new AbortController();

  async function slot(): Promise<void> {
    while (!stopping.signal.aborted) {
      let found = false;
      try {
        found = await runOnce(stopping.signal);
      } catch (error) {
        log.error({ err: error }, 'a transcode round failed');
      }
      if (!found && !stopping.signal.aborted) {
        await sleep(idlePollMs, undefined, { signal: stopping.signal }).catch(() => {});
      }
    }
  }

  return {
    runOnce,
    start() {
      if (running.length > 0) return;
      stopping = new AbortController();
      running = Array.from({ length: settings.concurrency }, slot);
    },
    async stop() {
      stopping.abort();
      await Promise.all(running);
      running = [];
    },
  };
}
