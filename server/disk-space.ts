/**
 * The free space of the data folder's disk (issue 31): uploads are refused below
 * `MIN_FREE_DISK_MIB` before a byte is written, and readiness turns 503 there, because the
 * database, its journal, logs and media share that disk and a full disk breaks them all.
 */
import { statfs } from 'node:fs/promises';

/** The bytes of the disk holding `directory` that an unprivileged process may still write. */
export type FreeDiskBytes = (directory: string) => Promise<number>;

export const freeDiskBytesOf: FreeDiskBytes = async (directory) => {
  const { bavail, bsize } = await statfs(directory);
  return bavail * bsize;
};

export interface DiskSpace {
  /** What must stay free; nothing is written that would go below it. */
  readonly minFreeBytes: number;
  /** Free bytes of the data folder's disk now. */
  freeBytes(): Promise<number>;
  /** Whether `bytes` more still leave `minFreeBytes` free. */
  hasRoomFor(bytes: number): Promise<boolean>;
}

export function diskSpace(options: {
  dataDir: string;
  minFreeBytes: number;
  /** `fs.statfs` by default; tests give a disk of their own size. */
  freeDiskBytes?: FreeDiskBytes | undefined;
}): DiskSpace {
  const measure = options.freeDiskBytes ?? freeDiskBytesOf;
  const freeBytes = () => measure(options.dataDir);
  return {
    minFreeBytes: options.minFreeBytes,
    freeBytes,
    hasRoomFor: async (bytes) => (await freeBytes()) - bytes >= options.minFreeBytes,
  };
}
