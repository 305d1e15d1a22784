/**
 * Where media live on disk: `<dataDir>/media/<collection>/<file>`, served at
 * `/media/<collection>/<file>`. A stored file is named by a random id and never changes, so it
 * can be cached forever and moved to object storage behind a CDN by changing only `urlOf`.
 * Rows store the key (`courses/<id>.webp`), never the URL or the path.
 *
 * Uploads and re-encodings are first written under `<dataDir>/upload-temp/` (same file system,
 * so placing a file is an atomic rename) and removed with their request whatever happens. Each
 * work folder is named after the process that owns it and notes every key it places before
 * placing it, so that after a crash the next start can tell its folders from those of live
 * neighbours and knows which stored files may have lost their row.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export const MEDIA_FOLDER = 'media';
export const UPLOAD_TEMP_FOLDER = 'upload-temp';
export const MEDIA_URL_PREFIX = '/media';
/** Images of newsletters: loaded by mail clients of any origin. */
export const NEWSLETTER_MEDIA_COLLECTION = 'newsletters';

/** `<collection>/<22 base64url characters>[-<variant>].<extension>` */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}\/[\w-]{22}(-[a-z0-9]{1,10})?\.(webp|pdf|jpg)$/;
const COLLECTION_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * This process among all that ever used the data folder: host, pid, and a random part, since a
 * restarted container's process often gets the same pid as the one it replaces.
 */
const THIS_PROCESS = { host: hostname(), pid: process.pid, run: randomBytes(4).toString('hex') };
const WORK_DIR_PREFIX = `work-${THIS_PROCESS.host}.${THIS_PROCESS.pid}.${THIS_PROCESS.run}-`;
/** `work-<host>.<pid>.<run>-<mkdtemp suffix>` */
const WORK_DIR_PATTERN = /^work-(.+)\.(\d+)\.([0-9a-f]{8})-[^-]+$/;
const PLACEMENT_JOURNAL = 'placed-keys';

/** `jpg` only for mail, whose clients do not all show WebP. */
export type MediaExtension = 'webp' | 'pdf' | 'jpg';

export interface MediaStore {
  /** The folder served at `/media`. */
  readonly root: string;
  /** A fresh private folder for one request's temporary files; the caller removes it. */
  createWorkDir(): Promise<string>;
  /** A new key in `collection`; `variant` names a derived file (`card`) of the same id. */
  newKey(collection: string, extension: MediaExtension): string;
  variantKey(key: string, variant: string): string;
  /**
   * Moves a finished temporary file of `workDir` to its key (atomic on one file system), noting
   * the key in the folder's journal first.
   */
  place(workDir: string, temporaryFile: string, key: string): Promise<void>;
  /** Removes stored files; a missing file is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  urlOf(key: string): string;
  /**
   * Work folders whose process is gone: on this host, those of a process that no longer runs;
   * any other, once it is older than `olderThanMs` (a process elsewhere cannot be asked).
   */
  abandonedWorkDirs(olderThanMs: number, now: Date): Promise<string[]>;
  /** The keys a work folder placed (or was about to place) in the media folder. */
  placedKeys(workDir: string): Promise<string[]>;
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
    createWorkDir: () => mkdtemp(path.join(tempRoot, WORK_DIR_PREFIX)),
    newKey(collection, extension) {
      if (!COLLECTION_PATTERN.test(collection)) throw new Error(`bad collection: ${collection}`);
      return `${collection}/${randomBytes(16).toString('base64url')}.${extension}`;
    },
    variantKey(key, variant) {
      const variantKey = key.replace(/\.(\w+)$/, `-${variant}.$1`);
      if (!isMediaKey(variantKey)) throw new Error(`bad variant ${variant} of ${key}`);
      return variantKey;
    },
    async place(workDir, temporaryFile, key) {
      const target = pathOf(key);
      await appendFile(path.join(workDir, PLACEMENT_JOURNAL), `${key}\n`, { mode: 0o600 });
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
    async abandonedWorkDirs(olderThanMs, now) {
      const abandoned: string[] = [];
      for (const entry of await readdir(tempRoot)) {
        const folder = path.join(tempRoot, entry);
        if (ownerIsGone(entry)) abandoned.push(folder);
        else {
          // Another process starting on the same data folder may have removed it already.
          const modified = await stat(folder).then(
            (stats) => stats.mtimeMs,
            () => undefined,
          );
          if (modified !== undefined && now.getTime() - modified > olderThanMs) {
            abandoned.push(folder);
          }
        }
      }
      return abandoned;
    },
    async placedKeys(workDir) {
      const journal = await readFile(path.join(workDir, PLACEMENT_JOURNAL), 'utf8').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return '';
          throw error;
        },
      );
      return journal.split('\n').filter(isMediaKey);
    },
  };
}

/** Whether the process named in a work folder's name certainly no longer runs. */
function ownerIsGone(folderName: string): boolean {
  const match = WORK_DIR_PATTERN.exec(folderName);
  if (match === null) return false;
  const [, host, pid, run] = match;
  if (host !== THIS_PROCESS.host) return false;
  // Our pid with another run: the process this one replaced (same pid in a new container).
  if (Number(pid) === THIS_PROCESS.pid) return run !== THIS_PROCESS.run;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
