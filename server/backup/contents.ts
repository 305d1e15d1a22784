/**
 * What a backup holds besides the database: the one list of the data folder's files and folders
 * the site needs. A new kind of stored file (captions, say) joins the backups by one line here;
 * restore accepts only entries under these names, so an archive cannot write elsewhere.
 *
 * Left out on purpose: `uploads/` and `upload-temp/` (unfinished uploads, which their clients
 * resume or repeat), `outbox/` (mail written instead of sent, in development) and the database
 * files, which are taken through a consistent snapshot instead (database-snapshot.ts).
 */
import { VIDEO_FOLDER } from '../educations/videos.ts';
import { MEDIA_FOLDER } from '../media/store.ts';
import { SECRETS_FILE } from '../secrets.ts';
import { CAPTIONS_FOLDER } from '../transcodes/captions.ts';
import { STREAMS_FOLDER } from '../transcodes/streams.ts';
import { DEMO_PASSWORD_FILE } from '../seed/demo-content.ts';

export interface BackedUpPath {
  /** Relative to the data folder. */
  path: string;
  kind: 'file' | 'folder';
}

export const BACKED_UP: readonly BackedUpPath[] = [
  { path: SECRETS_FILE, kind: 'file' },
  { path: DEMO_PASSWORD_FILE, kind: 'file' },
  { path: MEDIA_FOLDER, kind: 'folder' },
  { path: VIDEO_FOLDER, kind: 'folder' },
  // The HLS output could be made again from the originals, but the rows restored with it say it
  // is there: a restored site plays at once.
  { path: STREAMS_FOLDER, kind: 'folder' },
  { path: CAPTIONS_FOLDER, kind: 'folder' },
];

/** Archive entries of the data folder's files are `files/<path in the data folder>`. */
export const FILES_PREFIX = 'files/';
export const MANIFEST_ENTRY = 'manifest.json';
export const SQLITE_ENTRY = 'database/app.db';
export const POSTGRES_ENTRY = 'database/postgres.dump';

/**
 * The data folder path an entry restores to, or undefined when the entry is not one a backup
 * writes (a name with `..`, an absolute path, a file outside the list).
 */
export function dataPathOfEntry(entry: string): string | undefined {
  if (!entry.startsWith(FILES_PREFIX)) return undefined;
  const relative = entry.slice(FILES_PREFIX.length);
  const parts = relative.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return undefined;
  const listed = BACKED_UP.some((item) =>
    item.kind === 'file' ? relative === item.path : relative.startsWith(`${item.path}/`),
  );
  return listed ? relative : undefined;
}
