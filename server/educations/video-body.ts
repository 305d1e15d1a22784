/**
 * The body of a video answer (decision 0031): @fastify/send decides the status, the headers and
 * the range (RFC 9110) and opens the file; the bytes go out through reused read buffers instead
 * of its fs.ReadStream, whose buffer per read made the garbage collector the tail of every range
 * request. No body runs more than one piece past a check of the viewer's access (decision 0036):
 * a range is answered with at most VIDEO_PIECE_BYTES, and a whole-file answer asks again before
 * each further piece.
 */
import { once } from 'node:events';
import type { ReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, MESSAGES } from '../http/errors.ts';
import {
  readBufferPool,
  writeFileRange,
  type FileRange,
  type ReadBufferPool,
} from '../http/file-range-writer.ts';
import { hijackWithHeaders } from '../http/hijack.ts';

/**
 * The most bytes a video answer sends past a check of its viewer's access: the longest range a
 * 206 carries (a browser asks for the next one, RFC 9110 15.3.7) and the step at which a 200
 * asks again. 4 MiB is 6 to 30 s of a lecture at 1 to 5 Mbit/s, so a player asks a few times a
 * minute; 1 MiB ranges (the bench's, a seeking player's) are not affected.
 */
export const VIDEO_PIECE_BYTES = 4 * 1024 * 1024;

/** The bytes a 200 or 206 answer of @fastify/send carries, from the headers it set. */
export function bodyRange(headers: Record<string, string | number>): Omit<FileRange, 'fd'> {
  const range = /^bytes (\d+)-(\d+)\//.exec(String(headers['Content-Range'] ?? ''));
  if (range !== null) return { start: Number(range[1]), end: Number(range[2]) };
  return { start: 0, end: Number(headers['Content-Length']) - 1 };
}

export function videoBodyWriter(pool: ReadBufferPool = readBufferPool()) {
  /**
   * Writes `range` of the file `stream` opened, with the status and headers already on `reply`,
   * then closes the file. A file that cannot be opened is as missing as its education. Past the
   * first piece, `stillAllowed` is asked before each piece; a no cuts the answer short.
   */
  return async function writeVideoBody(
    request: FastifyRequest,
    reply: FastifyReply,
    stream: ReadStream,
    range: Omit<FileRange, 'fd'>,
    stillAllowed: () => Promise<boolean>,
  ): Promise<void> {
    // send() created the stream in the same turn that resolved it, so its open cannot have
    // finished yet; nothing reads from it, it only holds the descriptor and closes it.
    if (!stream.pending) throw new Error('the video stream was opened before its listener');
    let fd: number;
    try {
      [fd] = (await once(stream, 'open')) as [number];
    } catch (cause) {
      throw new DomainError(404, MESSAGES.educationNotFound, { cause });
    }
    const response = hijackWithHeaders(reply);
    response.writeHead(reply.statusCode);
    try {
      const outcome = await writeFileRange({ fd, ...range }, response, pool, {
        everyBytes: VIDEO_PIECE_BYTES,
        allowed: stillAllowed,
      });
      if (outcome === 'refused') request.log.info('the video answer stopped: its access ended');
    } catch (error) {
      request.log.error({ err: error }, 'reading the video failed after its headers were sent');
    } finally {
      stream.destroy();
    }
  };
}
