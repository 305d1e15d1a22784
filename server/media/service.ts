/**
 * The media API the resources use (courses now; products, newsletters, partners and
 * educations later):
 *
 *   const course = await media.withUpload(request, COURSE_UPLOAD, async (upload, staged) => {
 *     // validate upload.text('Title'), upload.files.Image, upload.fileErrors ...
 *     const image = await staged.storeImage(upload.files.Image, 'courses');
 *     return store.insert({ ..., image_key: image.key });  // the row goes in last
 *   });
 *
 * Ordering keeps a failure from leaving anything behind: files are stored under fresh random
 * keys that nothing refers to yet, the row referring to them is written last, and if anything
 * throws before the handler returns, the files it stored are removed again. Temporary files go
 * with the request in every case. Deleting is the reverse: the row first, then its files.
 *
 * A process killed mid-request leaves its work folder behind, with the keys it placed noted in
 * it. The next start (`createMedia`) finishes that request's cleanup before serving: it removes
 * the files no row refers to (their row was never committed) and the folder itself.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, ValidationError } from '../http/errors.ts';
import {
  MAX_INPUT_MEGAPIXELS,
  TooManyPixelsError,
  UnreadableImageError,
  toMailImage,
  toWebImage,
  type WebImage,
  type WebImageOptions,
} from './images.ts';
import { mediaStore, type MediaStore } from './store.ts';
import { receiveUpload, type ReceivedFile, type Upload, type UploadSpec } from './upload.ts';

/** Work folders older than this at start belong to a crashed process. */
const STALE_WORK_DIR_MS = 60 * 60 * 1000;

export interface StoredImage {
  /** Up to 1600 px wide. */
  key: string;
  /** Up to 600 px wide. */
  cardKey: string;
}

/** Files stored during one handler: removed again unless the handler succeeds. */
export interface StagedMedia {
  /**
   * Re-encodes an image (a received file or bytes) into `collection`, or stores one already
   * encoded by `toWebImage`. A received file that is no usable image is a validation error on
   * its field. `options` as `toWebImage`'s (a logo's margins trimmed).
   */
  storeImage(
    source: ReceivedFile | Buffer | WebImage,
    collection: string,
    options?: WebImageOptions,
  ): Promise<StoredImage>;
  /** Stores a PDF as it is (a received file was checked by its bytes already). */
  storePdf(source: ReceivedFile | Buffer, collection: string): Promise<string>;
  /** Re-encodes an image for mail (images.ts `toMailImage`), with the same errors as `storeImage`. */
  storeMailImage(source: ReceivedFile | Buffer, collection: string): Promise<StoredMailImage>;
}

export interface StoredMailImage {
  /** 600 px wide JPEG. */
  key: string;
  /** 1200 px wide JPEG. */
  doubleKey: string;
}

export interface Media {
  withUpload<F extends string, T>(
    request: FastifyRequest,
    spec: UploadSpec<F>,
    handle: (upload: Upload<F>, staged: StagedMedia) => Promise<T>,
  ): Promise<T>;
  /** Stores files outside a request (the demo seed) with the same all-or-nothing rule. */
  withStaging<T>(handle: (staged: StagedMedia) => Promise<T>): Promise<T>;
  /** Removes the files of a deleted row; failures are logged, never thrown (the row is gone). */
  deleteMedia(keys: readonly (string | null)[]): Promise<void>;
  /** The URL a browser loads a key from. */
  url(key: string): string;
  /** The folder served at `/media`. */
  readonly root: string;
}

export interface MediaLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MediaOptions {
  dataDir: string;
  /** The app's logger (pino), or the console outside the server. */
  log: MediaLog;
  /** Which of `keys` a stored row refers to (every table with media keys). */
  referencedKeys(keys: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Ready once the work of interrupted requests is cleaned up. */
export async function createMedia(options: MediaOptions): Promise<Media> {
  const store = mediaStore(options.dataDir);
  const { log } = options;
  await recoverAbandonedWork(store, options);

  async function staging<T>(
    workDir: string,
    handle: (staged: StagedMedia) => Promise<T>,
  ): Promise<T> {
    const stored: string[] = [];
    const place = async (contents: Buffer, key: string) => {
      const temporary = path.join(workDir, randomUUID());
      await writeFile(temporary, contents, { flag: 'wx', mode: 0o600 });
      stored.push(key);
      await store.place(workDir, temporary, key);
    };
    const staged: StagedMedia = {
      async storeImage(source, collection, options) {
        const image = await webImage(source, options);
        const key = store.newKey(collection, 'webp');
        const cardKey = store.variantKey(key, 'card');
        await place(image.full, key);
        await place(image.card, cardKey);
        return { key, cardKey };
      },
      async storeMailImage(source, collection) {
        const image = await decoded(source, toMailImage);
        const key = store.newKey(collection, 'jpg');
        const doubleKey = store.variantKey(key, '2x');
        await place(image.standard, key);
        await place(image.double, doubleKey);
        return { key, doubleKey };
      },
      async storePdf(source, collection) {
        const key = store.newKey(collection, 'pdf');
        if (Buffer.isBuffer(source)) await place(source, key);
        else {
          stored.push(key);
          await store.place(workDir, source.path, key);
        }
        return key;
      },
    };
    try {
      return await handle(staged);
    } catch (error) {
      await store.remove(stored).catch((removeError: unknown) => {
        log.error({ err: removeError, keys: stored }, 'could not remove staged media');
      });
      throw error;
    }
  }

  async function withWorkDir<T>(use: (workDir: string) => Promise<T>): Promise<T> {
    const workDir = await store.createWorkDir();
    try {
      return await use(workDir);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  return {
    root: store.root,
    withUpload: (request, spec, handle) =>
      withWorkDir(async (workDir) => {
        const upload = await receiveUpload(request, spec, workDir);
        return staging(workDir, (staged) => handle(upload, staged));
      }),
    withStaging: (handle) => withWorkDir((workDir) => staging(workDir, handle)),
    async deleteMedia(keys) {
      const present = keys.filter((key): key is string => key !== null);
      await store.remove(present).catch((error: unknown) => {
        log.error({ err: error, keys: present }, 'could not remove the media of a deleted row');
      });
    },
    url: (key) => store.urlOf(key),
  };
}

async function recoverAbandonedWork(store: MediaStore, options: MediaOptions): Promise<void> {
  for (const workDir of await store.abandonedWorkDirs(STALE_WORK_DIR_MS, new Date())) {
    const placed = await store.placedKeys(workDir);
    const referenced = await options.referencedKeys(placed);
    const orphans = placed.filter((key) => !referenced.has(key));
    // Files first: the folder holds the journal naming them, so a crash here only repeats this.
    await store.remove(orphans);
    await rm(workDir, { recursive: true, force: true });
    if (orphans.length > 0) {
      options.log.warn({ keys: orphans }, 'removed the files of an interrupted upload');
    }
  }
}

/** The web sizes of an image; for a received file, a bad image is the sender's error. */
async function webImage(
  source: ReceivedFile | Buffer | WebImage,
  options: WebImageOptions = {},
): Promise<WebImage> {
  if ('full' in source) return source;
  return decoded(source, (input) => toWebImage(input, options));
}

/** An image decoded by `decode`; for a received file, a bad image is the sender's error. */
async function decoded<T>(
  source: ReceivedFile | Buffer,
  decode: (input: string | Buffer) => Promise<T>,
): Promise<T> {
  if (Buffer.isBuffer(source)) return decode(source);
  try {
    return await decode(source.path);
  } catch (error) {
    if (error instanceof TooManyPixelsError) {
      throw ValidationError.field(
        source.field,
        MESSAGES.imageTooManyPixels(source.field, MAX_INPUT_MEGAPIXELS),
      );
    }
    if (error instanceof UnreadableImageError) {
      throw ValidationError.field(source.field, MESSAGES.imageUnreadable(source.field));
    }
    throw error;
  }
}
