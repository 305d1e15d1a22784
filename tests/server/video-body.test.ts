/**
 * The two ways a video body can fail before its headers are sent (decision 0031); the bytes
 * themselves are tested through the route (educations.test.ts) and the writer
 * (file-range-writer.test.ts).
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyRange, videoBodyWriter } from '../../server/educations/video-body.ts';
import { DomainError } from '../../server/http/errors.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'video-body-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Neither path reaches the request or the reply.
const request = {} as FastifyRequest;
const reply = {} as FastifyReply;
const writeVideoBody = videoBodyWriter();
const allowed = () => Promise.resolve(true);

describe('writeVideoBody', () => {
  it('answers 404 for a file that is gone by the time it is opened', async () => {
    const stream = createReadStream(path.join(folder, 'removed.mp4'));
    const failure = await writeVideoBody(
      request,
      reply,
      stream,
      { start: 0, end: 9 },
      allowed,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ statusCode: 404, message: 'Education not found.' });
  });

  it('refuses a stream whose file is open already, rather than wait for an open that has passed', async () => {
    const file = path.join(folder, 'open.mp4');
    writeFileSync(file, 'bytes');
    const stream = createReadStream(file);
    await once(stream, 'open');
    await expect(
      writeVideoBody(request, reply, stream, { start: 0, end: 4 }, allowed),
    ).rejects.toThrow('the video stream was opened before its listener');
    stream.destroy();
  });
});

describe('bodyRange', () => {
  it('reads the range of a 206 and the whole length of a 200', () => {
    expect(bodyRange({ 'Content-Range': 'bytes 10-19/100', 'Content-Length': 10 })).toEqual({
      start: 10,
      end: 19,
    });
    expect(bodyRange({ 'Content-Length': 100 })).toEqual({ start: 0, end: 99 });
    expect(bodyRange({ 'Content-Length': 0 })).toEqual({ start: 0, end: -1 });
  });
});
