/** The `video_uploads` table: who created which tus upload, and whether an education used it. */
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

/** Video uploads no education has used yet: in progress, or waiting for the sweeper. */
export async function countUnusedVideoUploads(db: Db): Promise<number> {
  const row = await db
    .selectFrom('video_uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
