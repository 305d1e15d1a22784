/**
 * Writes a byte range of an open file to an HTTP response through read buffers that are used
 * again (decision 0031). fs.ReadStream allocates a new 64 KiB buffer outside the JavaScript heap
 * for every read; under video streaming those pile up faster than the young generation is
 * collected, and V8 answers every 64 MiB of them with a full collection of the whole heap, which
 * was the tail of the range requests' first byte. Here a buffer goes back to the pool only once
 * the socket has taken its bytes (the write callback), so reusing it cannot change what a client
 * receives.
 */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';

/** fs.ReadStream's own read size. */
export const READ_BUFFER_BYTES = 64 * 1024;

export interface ReadBufferPool {
  take(): Buffer;
  give(buffer: Buffer): void;
  /** Buffers waiting to be taken. */
  readonly idle: number;
}

/** Keeps up to `keep` idle buffers: enough for two per reader at the expected concurrency. */
export function readBufferPool(keep = 64): ReadBufferPool {
  const idle: Buffer[] = [];
  return {
    take: () => idle.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER_BYTES),
    give(buffer) {
      if (idle.length < keep) idle.push(buffer);
    },
    get idle() {
      return idle.length;
    },
  };
}

// fs.read is looked up at call time (not a named import) so that bench/support/latency-probe.ts
// can time it.
const readAt = (fd: number, buffer: Buffer, position: number, length: number) =>
  new Promise<number>((resolve, reject) => {
    fs.read(fd, buffer, 0, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });

class ResponseClosed extends Error {}
class AccessEnded extends Error {}

/**
 * Resolves once the socket has taken `chunk`. A write the connection can no longer take calls
 * back with an error, except on a response still queued behind an earlier one on its connection
 * (HTTP/1.1 pipelining): that one never calls back when the connection closes, hence the close
 * listener.
 */
const written = (response: ServerResponse, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const onClose = () => reject(new ResponseClosed());
    response.once('close', onClose);
    response.write(chunk, (error) => {
      response.off('close', onClose);
      if (error) reject(new ResponseClosed('the connection closed', { cause: error }));
      else resolve();
    });
  });

export interface FileRange {
  fd: number;
  /** First and last byte, inclusive (as in Content-Range); `end < start` writes nothing. */
  start: number;
  end: number;
}

/**
 * Asked again before every `everyBytes` after the first: a long body stops within that many
 * bytes of the moment its reader may no longer have them. A multiple of READ_BUFFER_BYTES, so
 * that the checks fall on chunk boundaries.
 */
export interface Recheck {
  everyBytes: number;
  allowed(): Promise<boolean>;
}

/**
 * Writes bytes `start..end` of `fd` to `response`, whose status and headers are already set, and
 * ends it; reads the next chunk while the socket takes the current one. Answers 'closed' when the
 * client went away, 'refused' when `recheck` said no. A refusal, a read that fails (or a file
 * shorter than the range) destroys the response, since a body shorter than its Content-Length
 * must not look complete; a failed read is rethrown. Buffers of a write that did not complete
 * are left to the garbage collector, never reused.
 */
export async function writeFileRange(
  { fd, start, end }: FileRange,
  response: ServerResponse,
  pool: ReadBufferPool,
  recheck?: Recheck,
): Promise<'sent' | 'closed' | 'refused'> {
  let current = pool.take();
  let next = pool.take();
  let position = start;
  let allowedUpTo = recheck === undefined ? Infinity : start + recheck.everyBytes;
  const chunkAt = async (buffer: Buffer, from: number) => {
    if (from > end) return 0;
    const bytes = await readAt(fd, buffer, from, Math.min(buffer.length, end - from + 1));
    if (bytes === 0) throw new Error(`the file ends at byte ${from}, before byte ${end}`);
    return bytes;
  };
  try {
    let bytes = await chunkAt(current, position);
    while (bytes > 0) {
      if (recheck !== undefined && position >= allowedUpTo) {
        if (!(await recheck.allowed())) throw new AccessEnded();
        allowedUpTo = position + recheck.everyBytes;
      }
      position += bytes;
      const [, following] = await Promise.all([
        written(response, current.subarray(0, bytes)),
        chunkAt(next, position),
      ]);
      [current, next] = [next, current];
      bytes = following;
    }
  } catch (error) {
    response.destroy();
    if (error instanceof ResponseClosed) return 'closed';
    if (error instanceof AccessEnded) return 'refused';
    throw error;
  }
  pool.give(current);
  pool.give(next);
  response.end();
  return 'sent';
}
