/**
 * `unfinished_video_uploads`: a row per tus upload still receiving bytes, with the length its
 * creator declared (issue 25). Creation counts them per administrator (a cap) and sums their
 * declared lengths against the free disk space; the row goes when the upload finishes, and with
 * its `video_uploads` row (cascade) when it is terminated or expires. A table of its own rather
 * than columns on `video_uploads`, whose shipped SQLite schema stays as it was.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unfinished_video_uploads')
    .addColumn('upload_id', 'text', (column) =>
      column.primaryKey().references('video_uploads.id').onDelete('cascade'),
    )
    // Up to the configured video cap (4 GiB by default): a 64-bit integer on PostgreSQL.
    .addColumn('declared_bytes', 'bigint', (column) => column.notNull())
    .execute();
}
