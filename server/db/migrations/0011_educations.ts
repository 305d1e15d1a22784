/**
 * Educations (SPEC 3 "Education", "Access right"). The video is either a video-sharing site's
 * address or an uploaded file (a key of the private video folder, never served as public media);
 * exactly one of the two is set. The thumbnail columns hold media keys like a partner's logo, both
 * or neither. An education without access rights is open to every logged-in user; with rights,
 * only to those users and to administrators.
 *
 * An access right's user is never removed by a cascade: deleting the last one of a restricted
 * education would silently open it to everyone, so a user with access rights cannot be deleted
 * until the education's rights are changed (decision 0018).
 */
import { sql, type Kysely } from 'kysely';
import { generatedId, isPostgres, likeIgnoringCase } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('educations')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('lecturer', 'text', (column) => column.notNull())
    // `2024-03`: the month and year of the recording, when known.
    .addColumn('recording_month', 'text', (column) =>
      column.check(
        isPostgres(db)
          ? sql`recording_month ~ '^[0-9]{4}-[01][0-9]$'`
          : sql`recording_month glob '[0-9][0-9][0-9][0-9]-[01][0-9]'`,
      ),
    )
    .addColumn('country_iso_code', 'text', (column) =>
      column.notNull().references('countries.iso_code'),
    )
    .addColumn('subtitle_language', 'text')
    .addColumn('partner_id', 'integer', (column) => column.notNull().references('partners.id'))
    .addColumn('video_site_url', 'text', (column) =>
      column.check(
        sql`video_site_url ${likeIgnoringCase(db)} 'https://%' or video_site_url ${likeIgnoringCase(db)} 'http://%'`,
      ),
    )
    .addColumn('video_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('thumbnail_card_key', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addCheckConstraint(
      'educations_one_video',
      sql`(video_site_url is null) <> (video_key is null)`,
    )
    .addCheckConstraint(
      'educations_thumbnail_pair',
      sql`(thumbnail_key is null) = (thumbnail_card_key is null)`,
    )
    .execute();
  // The list is newest first.
  await db.schema
    .createIndex('educations_created_at')
    .on('educations')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('educations_partner_id')
    .on('educations')
    .column('partner_id')
    .execute();

  await db.schema
    .createTable('education_access_rights')
    .addColumn('education_id', 'integer', (column) =>
      column.notNull().references('educations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addPrimaryKeyConstraint('education_access_rights_pair', ['education_id', 'user_id'])
    .execute();
  // "Which educations may this user see" starts from the user.
  await db.schema
    .createIndex('education_access_rights_user_id')
    .on('education_access_rights')
    .column('user_id')
    .execute();
}
