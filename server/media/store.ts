/**
 * Where media live on disk: `<dataDir>/media/<collection>/<file>`, served at
 * `/media/<collection>/<file>`. A stored file is named by a random id and never changes, so it
 * can be cached forever and moved to object storage behind a CDN by changing only `urlOf`.
 * Rows store the key (`courses/<id>.webp`), never the URL or the path.
 *
 * Uploads and re-encodings are first written under `<dataDir>/upload-temp/` (same file system,
 * so placing a file is an atomic rename) and removed with their request whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const MEDIA_FOLDER = 'media';
export const UPLOAD_TEMP_FOLDER = 'upload-temp';
export const MEDIA_URL_PREFIX = '/media';

/** `<collection>/<22 base64url characters>[-<variant>].<extension>` */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}\/[\w-]{22}(-[a-z0-9]{1,10})?\.(webp|pdf)$/;
const COLLECTION_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export type MediaExtension = 'webp' | 'pdf';

export interface MediaStore {
  /** The folder served at `/media`. */
  readonly root: string;
  /** A fresh private folder for one request's temporary files; the caller removes it. */
  createWorkDir(): Promise<string>;
  /** A new key in `collection`; `variant` names a derived file (`card`) of the same id. */
  newKey(collection: string, extension: MediaExtension): string;
  variantKey(key: string, variant: string): string;
  /** Moves a finished temporary file to its key (atomic on one file system). */
  place(temporaryFile: string, key: string): Promise<void>;
  /** Removes stored files; a missing file is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  urlOf(key: string): string;
  /** Removes work folders a crash left behind (older than `olderThanMs`). */
  sweepWorkDirs(olderThanMs: number, now: Date): Promise<void>;
}

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function mediaStore(dataDir: string): MediaStore {
  const root = path.join(dataDir, MEDIA_FOLDER);
  const tempRoot = path.join(dataDir, UPLOAD_TEMP_FOLDER);
  // Created at start, so serving and the first upload never race to create them.
  mkdirSync(root, { recursive: true, mode: 0o700 });
  mkdirSync(tempRoot, { recursive: true, mode: 0o700 });

  const pathOf = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    root,
    createWorkDir: () => mkdtemp(path.join(tempRoot, 'work-')),
    newKey(collection, extension) {
      if (!COLLECTION_PATTERN.test(collection)) throw new Error(`bad collection: ${collection}`);
      return `${collection}/${randomBytes(16).toString('base64url')}.${extension}`;
    },
    variantKey(key, variant) {
      const variantKey = key.replace(/\.(\w+)$/, `-${variant}.$1`);
      if (!isMediaKey(variantKey)) throw new Error(`bad variant ${variant} of ${key}`);
      return variantKey;
    },
    async place(temporaryFile, key) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(temporaryFile, target);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    urlOf(key) {
      if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
      return `${MEDIA_URL_PREFIX}/${key}`;
    },
    async sweepWorkDirs(olderThanMs, now) {
      for (const entry of await readdir(tempRoot)) {
        const folder = path.join(tempRoot, entry);
        // Another process starting on the same data folder may have swept it already.
        const modified = await stat(folder).then(
          (stats) => stats.mtimeMs,
          () => undefined,
        );
        if (modified !== undefined && now.getTime() - modified > olderThanMs) {
          await rm(folder, { recursive: true, force: true });
        }
      }
    },
  };
}
