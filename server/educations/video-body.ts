/**
 * The body of a video answer (decision 0031): @fastify/send decides the status, the headers and
 * the range (RFC 9110) and opens the file; the bytes go out through reused read buffers instead
 * of its fs.ReadStream, whose buffer per read made the garbage collector the tail of every range
 * request.
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

/** The bytes a 200 or 206 answer of @fastify/send carries, from the headers it set. */
export function bodyRange(headers: Record<string, string | number>): Omit<FileRange, 'fd'> {
  const range = /^bytes (\d+)-(\d+)\//.exec(String(headers['Content-Range'] ?? ''));
  if (range !== null) return { start: Number(range[1]), end: Number(range[2]) };
  return { start: 0, end: Number(headers['Content-Length']) - 1 };
}

export function videoBodyWriter(pool: ReadBufferPool = readBufferPool()) {
  /**
   * Writes `range` of the file `stream` opened, with the status and headers already on `reply`,
   * then closes the file. A file that cannot be opened is as missing as its education.
   */
  return async function writeVideoBody(
    request: FastifyRequest,
    reply: FastifyReply,
    stream: ReadStream,
    range: Omit<FileRange, 'fd'>,
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
      await writeFileRange({ fd, ...range }, response, pool);
    } catch (error) {
      request.log.error({ err: error }, 'reading the video failed after its headers were sent');
    } finally {
      stream.destroy();
    }
  };
}
