/**
 * The `video_uploads` table: who created which tus upload, and whether an education used it; and
 * `unfinished_video_uploads`: which of them still receive bytes, and how many they declared.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export function insertVideoUpload(db: Db, id: string, administratorId: number, createdAt: Date) {
  return db
    .insertInto('video_uploads')
    .values({ id, administrator_id: administratorId, created_at: createdAt.toISOString() })
    .execute();
}

export function findVideoUpload(db: Db, id: string) {
  return db
    .selectFrom('video_uploads')
    .select(['administrator_id', 'used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the upload used; false when it was used already (or is gone): the claim lost. */
export async function markVideoUploadUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('video_uploads')
    .set({ used_at: at.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function deleteVideoUpload(db: Db, id: string) {
  return db.deleteFrom('video_uploads').where('id', '=', id).execute();
}

/** Uploads created before `before`, used or not. */
export async function videoUploadsCreatedBefore(db: Db, before: Date) {
  return db
    .selectFrom('video_uploads')
    .select(['id', 'used_at'])
    .where('created_at', '<', before.toISOString())
    .execute();
}

/** Uploads still receiving bytes, of every administrator (the metrics' gauge). */
export async function unfinishedUploadCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('unfinished_video_uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records an upload as receiving bytes until `markVideoUploadFinished`. */
export function insertUnfinishedUpload(db: Db, id: string, declaredBytes: number) {
  return db
    .insertInto('unfinished_video_uploads')
    .values({ upload_id: id, declared_bytes: declaredBytes })
    .execute();
}

export function markVideoUploadFinished(db: Db, id: string) {
  return db.deleteFrom('unfinished_video_uploads').where('upload_id', '=', id).execute();
}

/** How many uploads `administratorId` has that still receive bytes. */
export async function unfinishedUploadCountOf(db: Db, administratorId: number): Promise<number> {
  const { count } = await db
    .selectFrom('unfinished_video_uploads')
    .innerJoin('video_uploads', 'video_uploads.id', 'unfinished_video_uploads.upload_id')
    .where('video_uploads.administrator_id', '=', administratorId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/** The lengths declared by every upload still receiving bytes, of every administrator. */
export async function declaredBytesOfUnfinishedUploads(db: Db): Promise<number> {
  // PostgreSQL's sum of a bigint is a numeric (a string from `pg`); the cast keeps it an int8.
  const { total } = await db
    .selectFrom('unfinished_video_uploads')
    .select(sql<number>`cast(coalesce(sum(declared_bytes), 0) as bigint)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
