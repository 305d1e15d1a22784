/**
 * @tus/file-store's FileStore whose `write` pipes the upload's bytes straight into the file at
 * the offset (issue 13, decision 0023). FileStore's own adds a counting Transform and writes
 * through a 16 KiB buffer: smaller than one 64 KiB socket read, so every chunk filled it and
 * paused the whole chain from the socket on. Here a 1 MiB buffer lets the socket's chunks go
 * to the disk several at a time (writev); the byte count is the stream's own. `afterRemove` runs
 * when tus terminates an upload, before its 204: the upload is gone from the database too by
 * the time the client hears so (it frees a place under the cap of unfinished uploads).
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';

/** Bounds the memory of one upload in flight: 1 MiB, whatever the client sends. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

type FileStoreOptions = ConstructorParameters<typeof FileStore>[0];

export class DirectFileStore extends FileStore {
  private readonly afterRemove: (id: string) => Promise<void>;

  constructor({
    afterRemove = async () => {},
    ...options
  }: FileStoreOptions & { afterRemove?: (id: string) => Promise<void> }) {
    super(options);
    this.afterRemove = afterRemove;
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.afterRemove(id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const target = path.resolve(this.directory, id);
    // As FileStore's own (private) resolve: an id is a name inside the folder, nothing else.
    if (path.dirname(target) !== path.resolve(this.directory)) throw ERRORS.FILE_NOT_FOUND;
    const file = createWriteStream(target, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}
