/**
 * A bench's education: a copy of `source` as its uploaded original, with the description,
 * lecturer, country and partner of the first seeded education. Visible to `allowedUserIds` only
 * when the list is not empty. The transcode row is the bench's to add, when it wants it.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import { insertEducation } from '../../server/educations/store.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';

export interface BenchEducation {
  educationId: number;
  videoKey: string;
}

export async function insertBenchEducation(
  db: Db,
  dataDir: string,
  options: { source: string; title: string; allowedUserIds: number[] },
): Promise<BenchEducation> {
  const template = await db
    .selectFrom('educations')
    .select(['description', 'lecturer', 'country_iso_code', 'partner_id'])
    .executeTakeFirstOrThrow();
  const videoKey = `${newStreamKey()}.mp4`;
  copyFileSync(options.source, path.join(dataDir, VIDEO_FOLDER, videoKey));
  const educationId = await insertEducation(
    db,
    {
      ...template,
      title: options.title,
      recording_month: null,
      subtitle_language: null,
      video_site_url: null,
      video_key: videoKey,
      thumbnail_key: null,
      thumbnail_card_key: null,
      created_at: new Date().toISOString(),
    },
    options.allowedUserIds,
  );
  return { educationId, videoKey };
}
