/**
 * Where uploaded education videos live: `<dataDir>/videos/<22 base64url characters>.<extension>`.
 * Not under the media folder, whose files anyone may load: the original is kept for a later
 * re-encode and never served; viewers get its HLS stream (decision 0049).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { VideoContainer } from '../media/video-format.ts';

export const VIDEO_FOLDER = 'videos';

/**
 * The extension says the container (media/video-format.ts): ISO base media (MP4, MOV) as `mp4`,
 * Matroska and WebM as `mkv` (`webm` for those stored before issue 27), AVI as `avi`.
 */
const VIDEO_KEY_PATTERN = /^[\w-]{22}\.(mp4|webm|ogv|mkv|avi)$/;

export type VideoExtension = 'mp4' | 'webm' | 'ogv' | 'mkv' | 'avi';

export const EXTENSION_OF_CONTAINER: Record<VideoContainer, VideoExtension> = {
  'iso-bmff': 'mp4',
  matroska: 'mkv',
  avi: 'avi',
};

export interface VideoStore {
  /** The folder the originals live in (the transcode worker reads them). */
  readonly root: string;
  /** Copies a finished file into the folder under a fresh random key and answers the key. */
  storeCopy(sourceFile: string, extension: VideoExtension): Promise<string>;
  /**
   * Moves a finished file (a received upload on the same file system) into the folder under a
   * fresh random key: a rename, so gigabytes cost nothing. `undo` moves it back.
   */
  storeMove(sourceFile: string, extension: VideoExtension): Promise<MovedVideo>;
  /** Removes a video of a deleted education; an absent file is no error. */
  remove(key: string): Promise<void>;
}

export interface MovedVideo {
  key: string;
  undo(): Promise<void>;
}

export function isVideoKey(key: string): boolean {
  return VIDEO_KEY_PATTERN.test(key);
}

const newVideoKey = (extension: VideoExtension) =>
  `${randomBytes(16).toString('base64url')}.${extension}`;

export function videoStore(dataDir: string): VideoStore {
  const root = path.join(dataDir, VIDEO_FOLDER);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return {
    root,
    async storeCopy(sourceFile, extension) {
      const key = newVideoKey(extension);
      await copyFile(sourceFile, path.join(root, key));
      return key;
    },
    async storeMove(sourceFile, extension) {
      const key = newVideoKey(extension);
      const target = path.join(root, key);
      await rename(sourceFile, target);
      return { key, undo: () => rename(target, sourceFile) };
    },
    async remove(key) {
      if (isVideoKey(key)) await rm(path.join(root, key), { force: true });
    },
  };
}
