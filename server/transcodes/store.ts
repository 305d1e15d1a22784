/**
 * The `video_transcodes` and `education_captions` tables (migration 0016). Every change of a
 * job's state is one conditional UPDATE, as with the newsletter deliveries (decision 0016):
 * a process whose lease passed to another changes nothing.
 */
import { inTransaction } from '../db/transactions.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import { TRANSCODE_STATES } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import { skipLocked } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

export interface TranscodeJob {
  education_id: number;
  video_key: string;
  stream_key: string;
  renditions: string;
  attempts: number;
}

/**
 * A queued job; or, with `published`, one whose stream was made already (the demo seed's, by the
 * same transcoder).
 */
export async function insertTranscode(
  db: Db,
  job: {
    educationId: number;
    videoKey: string;
    streamKey: string;
    at: Date;
    published?: readonly number[];
  },
): Promise<void> {
  const at = job.at.toISOString();
  await db
    .insertInto('video_transcodes')
    .values({
      education_id: job.educationId,
      video_key: job.videoKey,
      stream_key: job.streamKey,
      created_at: at,
      updated_at: at,
      ...(job.published === undefined
        ? { state: 'queued' }
        : { state: 'ready', progress: 100, renditions: job.published.join(',') }),
    })
    .execute();
}

/** Queued, or processing under a lease that ran out at `at` (its process died). */
const claimableAt = (at: string) => (eb: ExpressionBuilder<Database, 'video_transcodes'>) =>
  eb.or([
    eb('state', '=', 'queued'),
    eb.and([eb('state', '=', 'processing'), eb('lease_expires_at', '<=', at)]),
  ]);

/**
 * Leases the oldest claimable job. On PostgreSQL the pick skips rows another process is claiming
 * at that moment, and the row's own condition is checked again in the update: of two processes
 * one wins, the other changes nothing and answers undefined.
 */
export function claimTranscode(
  db: Db,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<TranscodeJob | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('video_transcodes')
    .set({
      state: 'processing',
      lease_owner: owner,
      lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql`attempts + 1`,
      updated_at: at,
    })
    .where(
      'education_id',
      '=',
      skipLocked(
        db,
        db
          .selectFrom('video_transcodes')
          .select('education_id')
          .where(claimableAt(at))
          .orderBy('created_at')
          .orderBy('education_id')
          .limit(1),
      ),
    )
    .where(claimableAt(at))
    .returning(['education_id', 'video_key', 'stream_key', 'renditions', 'attempts'])
    .executeTakeFirst();
}

/** The conditions of every write by a lease holder: the job is still its own. */
function leased(db: Db, educationId: number, owner: string) {
  return db
    .updateTable('video_transcodes')
    .where('education_id', '=', educationId)
    .where('state', '=', 'processing')
    .where('lease_owner', '=', owner);
}

/** Extends the lease and records the progress; false when the lease is no longer ours. */
export async function renewTranscodeLease(
  db: Db,
  job: { educationId: number; owner: string },
  now: Date,
  leaseMs: number,
  progress: number,
): Promise<boolean> {
  const result = await leased(db, job.educationId, job.owner)
    .set({
      lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
      progress: Math.max(0, Math.min(100, Math.floor(progress))),
      updated_at: now.toISOString(),
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records the heights now in the master playlist; false when the lease is no longer ours. */
export async function publishRenditions(
  db: Db,
  job: { educationId: number; owner: string },
  heights: readonly number[],
  now: Date,
): Promise<boolean> {
  const result = await leased(db, job.educationId, job.owner)
    .set({ renditions: heights.join(','), updated_at: now.toISOString() })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Settles a leased job as ready, or failed with its reason. */
export async function settleTranscode(
  db: Db,
  job: { educationId: number; owner: string },
  outcome: { state: 'ready' } | { state: 'failed'; failure: string },
  now: Date,
): Promise<void> {
  await leased(db, job.educationId, job.owner)
    .set({
      state: outcome.state,
      failure: outcome.state === 'failed' ? outcome.failure : null,
      progress: outcome.state === 'ready' ? 100 : sql`progress`,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now.toISOString(),
    })
    .execute();
}

/**
 * Gives a leased job back to the queue (the process is stopping): another process, or this one
 * after its restart, continues it at once instead of waiting for the lease to run out.
 */
export async function releaseTranscode(
  db: Db,
  job: { educationId: number; owner: string },
  now: Date,
): Promise<void> {
  await leased(db, job.educationId, job.owner)
    .set({
      state: 'queued',
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now.toISOString(),
    })
    .execute();
}

/** Queues a failed job again; false when there is none or it has not failed. */
export async function retryTranscode(db: Db, educationId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('video_transcodes')
    .set({
      state: 'queued',
      failure: null,
      progress: 0,
      attempts: 0,
      updated_at: now.toISOString(),
    })
    .where('education_id', '=', educationId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the probe found in the education's video. */
export async function recordVideoFacts(
  db: Db,
  educationId: number,
  facts: { durationSeconds: number; width: number; height: number },
): Promise<void> {
  await db
    .updateTable('video_transcodes')
    .set({ duration_seconds: facts.durationSeconds, width: facts.width, height: facts.height })
    .where('education_id', '=', educationId)
    .execute();
}

export function findTranscode(db: Db, educationId: number) {
  return db
    .selectFrom('video_transcodes')
    .selectAll()
    .where('education_id', '=', educationId)
    .executeTakeFirst();
}

/** The caption file's key of an education in `language`, if any. */
export async function findCaptionKey(
  db: Db,
  educationId: number,
  language: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('education_captions')
    .select('caption_key')
    .where('education_id', '=', educationId)
    .where('language', '=', language)
    .executeTakeFirst();
  return row?.caption_key;
}

/**
 * Sets the caption file of an education in `language` and answers the key it replaced; undefined
 * `replaced` when there was none, `missing` when the education has no uploaded video.
 */
export async function replaceCaption(
  db: Db,
  caption: { educationId: number; language: string; key: string; at: Date },
): Promise<{ missing: true } | { missing: false; replaced: string | undefined }> {
  return inTransaction(db, async (transaction) => {
    const upload = await transaction
      .selectFrom('video_transcodes')
      .select('education_id')
      .where('education_id', '=', caption.educationId)
      .executeTakeFirst();
    if (upload === undefined) return { missing: true };
    const replaced = await transaction
      .deleteFrom('education_captions')
      .where('education_id', '=', caption.educationId)
      .where('language', '=', caption.language)
      .returning('caption_key')
      .executeTakeFirst();
    await transaction
      .insertInto('education_captions')
      .values({
        education_id: caption.educationId,
        language: caption.language,
        caption_key: caption.key,
        created_at: caption.at.toISOString(),
      })
      .execute();
    return { missing: false, replaced: replaced?.caption_key };
  });
}

/** Removes the caption file's row and answers its key; undefined when there was none. */
export async function deleteCaption(
  db: Db,
  educationId: number,
  language: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('education_captions')
    .where('education_id', '=', educationId)
    .where('language', '=', language)
    .returning('caption_key')
    .executeTakeFirst();
  return row?.caption_key;
}

/** Jobs per state, every state named (a state with none counts 0, so an alert sees it fall). */
export async function countTranscodesByState(db: Db) {
  const rows = await db
    .selectFrom('video_transcodes')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('state')
    .execute();
  return TRANSCODE_STATES.map((state) => ({
    state,
    count: Number(rows.find((row) => row.state === state)?.count ?? 0),
  }));
}
