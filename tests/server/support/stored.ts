/**
 * What the server has stored, for tests that check a request left nothing behind: the files in
 * the media folder and in the upload work area, and the rows of a table.
 */
import path from 'node:path';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/schema.ts';
import { MEDIA_FOLDER, UPLOAD_TEMP_FOLDER } from '../../../server/media/store.ts';
import { filesUnder } from '../media-fixtures.ts';

export const mediaFilesIn = (dataDir: string) => filesUnder(path.join(dataDir, MEDIA_FOLDER));
export const uploadTempFilesIn = (dataDir: string) =>
  filesUnder(path.join(dataDir, UPLOAD_TEMP_FOLDER));

export async function rowCount(db: Db, table: keyof Database): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
