/**
 * Transcoding uploaded education videos into HLS (issue 27, decision 0045).
 *
 * `video_transcodes`: one job per education with an uploaded video, bound to the original's key
 * and naming the folder its renditions go to (`stream_key`). Claimed with a lease like the
 * newsletter deliveries (decision 0016): `processing` whose lease ran out is taken again, so a
 * killed process loses nothing. `renditions` lists the heights already published in the master
 * playlist (`360,720`); an education is playable once it names one.
 *
 * `education_captions`: one WebVTT file per education and language.
 *
 * The job keeps what the probe found in the education's video: duration and displayed size
 * (columns of their own here rather than on `educations`, whose shipped SQLite schema stays as it
 * was: tests/server/sqlite-schema.test.ts).
 *
 * Educations uploaded before this migration get a queued job each, so their videos are
 * transcoded like new ones.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_transcodes')
    .addColumn('education_id', 'integer', (column) =>
      column.primaryKey().references('educations.id').onDelete('cascade'),
    )
    .addColumn('video_key', 'text', (column) => column.notNull())
    .addColumn('stream_key', 'text', (column) => column.notNull().unique())
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state in ('queued', 'processing', 'ready', 'failed')`),
    )
    .addColumn('renditions', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('progress', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('failure', 'text')
    .addColumn('duration_seconds', 'real')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('video_transcodes_work')
    .on('video_transcodes')
    .columns(['state', 'lease_expires_at'])
    .execute();

  await db.schema
    .createTable('education_captions')
    .addColumn('education_id', 'integer', (column) =>
      column.notNull().references('educations.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('caption_key', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('education_captions_language', ['education_id', 'language'])
    .execute();

  const uploaded = await sql<{ id: number; video_key: string; created_at: string }>`
    select id, video_key, created_at from educations where video_key is not null`.execute(db);
  for (const row of uploaded.rows) {
    const streamKey = randomBytes(16).toString('base64url');
    await sql`insert into video_transcodes
      (education_id, video_key, stream_key, state, created_at, updated_at)
      values (${row.id}, ${row.video_key}, ${streamKey}, 'queued', ${row.created_at},
        ${row.created_at})`.execute(db);
  }
}
