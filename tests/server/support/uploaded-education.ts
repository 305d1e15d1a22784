/**
 * An education whose video was uploaded (`videoKey` in the data folder's video folder), as the
 * server tests and the benches need one beside the seeded ones: no thumbnail, recording month,
 * subtitles or video-site address. The transcode row is the caller's to add, when it wants one.
 */
import type { Db } from '../../../server/db/database.ts';
import type { NewEducationRow } from '../../../server/db/schema.ts';
import { insertEducation } from '../../../server/educations/store.ts';

/** What an education says about itself besides its title and video. */
export type EducationDetails = Pick<
  NewEducationRow,
  'description' | 'lecturer' | 'country_iso_code' | 'partner_id'
>;

/** The details of the first seeded education. */
export const seededEducationDetails = (db: Db): Promise<EducationDetails> =>
  db
    .selectFrom('educations')
    .select(['description', 'lecturer', 'country_iso_code', 'partner_id'])
    .executeTakeFirstOrThrow();

export function insertUploadedEducation(
  db: Db,
  education: EducationDetails & { title: string; videoKey: string; createdAt: Date },
  /** Visible to these users only; to everyone logged in when empty. */
  allowedUserIds: readonly number[] = [],
): Promise<number> {
  const { title, videoKey, createdAt, ...details } = education;
  return insertEducation(
    db,
    {
      ...details,
      title,
      recording_month: null,
      subtitle_language: null,
      video_site_url: null,
      video_key: videoKey,
      thumbnail_key: null,
      thumbnail_card_key: null,
      created_at: createdAt.toISOString(),
    },
    allowedUserIds,
  );
}
