/**
 * Where the HLS output of uploaded videos lives: `<dataDir>/streams/<stream key>/` holds
 * `master.m3u8`, `poster.jpg` and one folder per rendition (`360p/index.m3u8`, `360p/00001.ts`).
 * Outside the media folder, like the originals (educations/videos.ts): served only through
 * signed URLs (stream-urls.ts) after the viewer's access is checked again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

export const STREAMS_FOLDER = 'streams';

/** 16 random bytes in base64url, like a video key without its extension. */
const STREAM_KEY_PATTERN = /^[\w-]{22}$/;

/**
 * The files of a stream folder a viewer may ask for, relative to it: the master playlist, the
 * poster, and a rendition's playlist or segments. Nothing else (the partial output of a pass in
 * progress is in the same folders, but only published renditions are named by the master).
 */
export const STREAM_FILE_PATTERN = /^(master\.m3u8|poster\.jpg|\d{1,4}p\/(index\.m3u8|\d{5}\.ts))$/;

export const isStreamKey = (key: string) => STREAM_KEY_PATTERN.test(key);

export const newStreamKey = () => randomBytes(16).toString('base64url');

export interface StreamStore {
  readonly root: string;
  /** The folder of one stream, made when absent. */
  folder(key: string): string;
  remove(key: string): Promise<void>;
}

export function streamStore(dataDir: string): StreamStore {
  const root = path.join(dataDir, STREAMS_FOLDER);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return {
    root,
    folder(key) {
      if (!isStreamKey(key)) throw new Error(`not a stream key: ${key}`);
      const folder = path.join(root, key);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      return folder;
    },
    async remove(key) {
      if (isStreamKey(key)) await rm(path.join(root, key), { recursive: true, force: true });
    },
  };
}
