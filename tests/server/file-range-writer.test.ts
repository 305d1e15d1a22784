/**
 * The range writer over real loopback connections (decision 0031): a reused read buffer must
 * never change the bytes a client receives, however slowly it reads; a client that goes away
 * ends the write without returning its buffers; a failed read cuts the response short.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  READ_BUFFER_BYTES,
  readBufferPool,
  writeFileRange,
  type ReadBufferPool,
  type Recheck,
} from '../../server/http/file-range-writer.ts';

// Larger than loopback's socket buffers, so a paused reader makes the writes wait.
const FILE = randomBytes(12 * 1024 * 1024 + 12_345);
const folder = mkdtempSync(path.join(tmpdir(), 'file-range-writer-'));
const filePath = path.join(folder, 'video.bin');
writeFileSync(filePath, FILE);
let fd: number;

interface Served {
  outcome: Promise<'sent' | 'closed' | 'refused' | Error>;
}
let handle: (request: http.IncomingMessage, response: http.ServerResponse) => void;
const server = http.createServer((request, response) => handle(request, response));
let port: number;

/** Serves the range the next request names (`/start/end`), recording how the write ended. */
function serveRanges(pool: ReadBufferPool, recheck?: Recheck): Served[] {
  const served: Served[] = [];
  handle = (request, response) => {
    const [start = 0, end = -1] = (request.url ?? '').split('/').slice(1).map(Number);
    response.writeHead(200, { 'content-length': String(end - start + 1) });
    served.push({
      outcome: writeFileRange({ fd, start, end }, response, pool, recheck).catch(
        (error: Error) => error,
      ),
    });
  };
  return served;
}

/** Reads the whole body, pausing `pauseMs` after each chunk it receives. */
function readSlowly(url: string, pauseMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (pauseMs > 0) {
            response.pause();
            setTimeout(() => response.resume(), pauseMs);
          }
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  fd = openSync(filePath, 'r');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterEach(() => {
  server.closeAllConnections();
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  closeSync(fd);
  rmSync(folder, { recursive: true, force: true });
});

describe('writeFileRange', () => {
  it('delivers exactly the slice to readers of any speed, and gives both buffers back', async () => {
    const pool = readBufferPool();
    const served = serveRanges(pool);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: FILE.length - 1 }),
        fc.integer({ min: 1, max: 4 * 1024 * 1024 }),
        fc.constantFrom(0, 1),
        async (start, length, pauseMs) => {
          const end = Math.min(start + length, FILE.length) - 1;
          const body = await readSlowly(`http://127.0.0.1:${port}/${start}/${end}`, pauseMs);
          expect(body.equals(FILE.subarray(start, end + 1))).toBe(true);
          expect(await served.at(-1)?.outcome).toBe('sent');
        },
      ),
      { numRuns: 12 },
    );
    expect(pool.idle).toBe(2);
  });

  it('keeps the bytes right while the socket holds writes back (a reader that waits first)', async () => {
    const pool = readBufferPool();
    const served = serveRanges(pool);
    const body = await new Promise<Buffer>((resolve, reject) => {
      const url = `http://127.0.0.1:${port}/0/${FILE.length - 1}`;
      http
        .get(url, { agent: false }, (response) => {
          // Once the kernel's buffers are full, every later write waits for its callback.
          response.pause();
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          setTimeout(() => response.resume(), 200);
          response.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(body.equals(FILE)).toBe(true);
    expect(await served[0]?.outcome).toBe('sent');
    expect(pool.idle).toBe(2);
  });

  it('ends an empty range at once', async () => {
    const served = serveRanges(readBufferPool());
    expect((await readSlowly(`http://127.0.0.1:${port}/5/4`, 0)).length).toBe(0);
    expect(await served[0]?.outcome).toBe('sent');
  });

  it('stops when the client goes away, leaving the buffers in flight to the collector', async () => {
    const pool = readBufferPool();
    const served = serveRanges(pool);
    await new Promise<void>((resolve) => {
      const url = `http://127.0.0.1:${port}/0/${FILE.length - 1}`;
      const request = http.get(url, { agent: false }, (response) => {
        response.once('data', () => {
          response.pause();
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
    });
    expect(await served[0]?.outcome).toBe('closed');
    expect(pool.idle).toBe(0);
  });

  it('stops an answer queued behind another when the connection closes (pipelining)', async () => {
    const served = serveRanges(readBufferPool());
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const get = (range: string) => `GET ${range} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    socket.write(get(`/0/${FILE.length - 1}`) + get(`/0/${FILE.length - 1}`));
    socket.pause();
    await expect.poll(() => served.length).toBe(2);
    socket.destroy();
    expect(await Promise.all(served.map((one) => one.outcome))).toEqual(['closed', 'closed']);
  });

  it('cuts the response short when the file ends before the range, and says why', async () => {
    const served = serveRanges(readBufferPool());
    const beyond = FILE.length + READ_BUFFER_BYTES;
    await expect(
      readSlowly(`http://127.0.0.1:${port}/${FILE.length - 10}/${beyond}`, 0),
    ).rejects.toThrow(/aborted|socket hang up/);
    const outcome = await served[0]?.outcome;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe(
      `the file ends at byte ${FILE.length}, before byte ${beyond}`,
    );
  });
});

describe('writeFileRange with a recheck', () => {
  const PIECE = 16 * READ_BUFFER_BYTES;

  /** Answers `answers` in turn, counting the questions. */
  function recheckAnswering(...answers: boolean[]) {
    const recheck = {
      asked: 0,
      everyBytes: PIECE,
      allowed: () => Promise.resolve(answers[recheck.asked++] ?? false),
    };
    return recheck;
  }

  /** The body as far as it came, and whether it came whole. */
  const readToClose = (url: string) =>
    new Promise<{ body: Buffer; complete: boolean }>((resolve, reject) => {
      http
        .get(url, { agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', () => undefined);
          response.on('close', () =>
            resolve({ body: Buffer.concat(chunks), complete: response.complete }),
          );
        })
        .on('error', reject);
    });

  it('asks before each piece past the first, and cuts the answer at the first no', async () => {
    const recheck = recheckAnswering(true, true, false);
    const served = serveRanges(readBufferPool(), recheck);
    const start = 12_345;
    const { body, complete } = await readToClose(
      `http://127.0.0.1:${port}/${start}/${FILE.length - 1}`,
    );
    expect(complete).toBe(false);
    expect(body.equals(FILE.subarray(start, start + 3 * PIECE))).toBe(true);
    expect(recheck.asked).toBe(3);
    expect(await served[0]?.outcome).toBe('refused');
  });

  it('does not ask for a range of one piece, and sends a longer one whole while the answer is yes', async () => {
    const never = recheckAnswering();
    serveRanges(readBufferPool(), never);
    const onePiece = await readToClose(`http://127.0.0.1:${port}/7/${6 + PIECE}`);
    expect(onePiece.body.equals(FILE.subarray(7, 7 + PIECE))).toBe(true);
    expect(never.asked).toBe(0);

    const always = recheckAnswering(...Array<boolean>(12).fill(true));
    serveRanges(readBufferPool(), always);
    const whole = await readToClose(`http://127.0.0.1:${port}/0/${FILE.length - 1}`);
    expect(whole).toMatchObject({ complete: true });
    expect(whole.body.equals(FILE)).toBe(true);
    expect(always.asked).toBe(Math.ceil(FILE.length / PIECE) - 1);
  });
});

describe('readBufferPool', () => {
  it('hands out buffers of one read, and keeps only as many idle ones as it was told', () => {
    const pool = readBufferPool(2);
    const taken = [pool.take(), pool.take(), pool.take()];
    expect(taken.map((buffer) => buffer.length)).toEqual([
      READ_BUFFER_BYTES,
      READ_BUFFER_BYTES,
      READ_BUFFER_BYTES,
    ]);
    for (const buffer of taken) pool.give(buffer);
    expect(pool.idle).toBe(2);
    expect(pool.take()).toBe(taken[1]);
  });
});
