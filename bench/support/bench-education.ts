/**
 * A bench's education: a copy of `source` as its uploaded original, with the description,
 * lecturer, country and partner of the first seeded education. Visible to `allowedUserIds` only
 * when the list is not empty. The transcode row is the bench's to add, when it wants it.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';
import {
  insertUploadedEducation,
  seededEducationDetails,
} from '../../tests/server/support/uploaded-education.ts';

export interface BenchEducation {
  educationId: number;
  videoKey: string;
}

export async function insertBenchEducation(
  db: Db,
  dataDir: string,
  options: { source: string; title: string; allowedUserIds: number[] },
): Promise<BenchEducation> {
  const videoKey = `${newStreamKey()}.mp4`;
  copyFileSync(options.source, path.join(dataDir, VIDEO_FOLDER, videoKey));
  const educationId = await insertUploadedEducation(
    db,
    {
      ...(await seededEducationDetails(db)),
      title: options.title,
      videoKey,
      createdAt: new Date(),
    },
    options.allowedUserIds,
  );
  return { educationId, videoKey };
}
