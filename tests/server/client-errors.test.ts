/**
 * Requests Node's HTTP parser refuses before Fastify routes them (issue 25, point 5): answered in
 * the error contract's shape, with the security headers and a request id like every other
 * answer. Sent over a raw socket, since no HTTP client sends them and `inject` skips the parser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/http/errors.ts';
import { REQUEST_ID_HEADER } from '../../server/http/logging.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let dataDir: string;
let testApp: TestApp;
let port: number;
/** The security headers of an ordinary answer, which every refusal must carry too. */
let securityHeaders: Record<string, string>;

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dental-client-errors-'));
  testApp = await createTestApp(dataDir);
  const health = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
  securityHeaders = Object.fromEntries(
    SECURITY_HEADERS.map((name) => [name, String(health.headers[name])]),
  );
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
}, 60_000);
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as it is and reads the answer until the server closes the connection. */
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Not end(): a client that half-closes before the answer may lose it (Node closes such a
    // socket when the answer waits for I/O, as the health check's query does on PostgreSQL).
    // Every request here asks the server to close the connection after its answer.
    socket.write(request);
  });
}

const CRLF = '\r\n';
const request = (lines: string[], body = '') => `${lines.join(CRLF)}${CRLF}${CRLF}${body}`;

const CASES = [
  {
    name: 'an invalid header name',
    request: () => request(['GET /api/v1/health HTTP/1.1', 'Host: localhost', 'Bad Header: 1']),
    status: 400,
    message: MESSAGES.malformedRequest,
  },
  {
    name: 'a header over 16 KB',
    request: () =>
      request(['GET /api/v1/health HTTP/1.1', 'Host: localhost', `X-Long: ${'a'.repeat(17_000)}`]),
    status: 431,
    message: MESSAGES.headersTooLarge,
  },
  {
    name: 'a 20 KB tus Upload-Metadata',
    request: () =>
      request([
        // The parser refuses it before any route could look the upload up.
        `PATCH /api/v1/uploads/${'0'.repeat(32)} HTTP/1.1`,
        'Host: localhost',
        'Tus-Resumable: 1.0.0',
        'Upload-Offset: 0',
        'Content-Type: application/offset+octet-stream',
        `Upload-Metadata: filename ${Buffer.alloc(15_000, 'v').toString('base64')}`,
        'Content-Length: 0',
      ]),
    status: 431,
    message: MESSAGES.headersTooLarge,
  },
  {
    name: 'both Content-Length and Transfer-Encoding',
    request: () =>
      request(
        [
          'POST /api/v1/users/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 2',
          'Transfer-Encoding: chunked',
        ],
        `2${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
      ),
    status: 400,
    message: MESSAGES.malformedRequest,
  },
];

describe('a request the HTTP parser refuses', () => {
  it.each(CASES)(
    '$name: $status in the error shape with the security headers and a request id',
    async (testCase) => {
      const answer = await sendRaw(testCase.request());
      expect(answer.status, answer.body).toBe(testCase.status);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ errors: [testCase.message] });
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(answer.headers[name], name).toBe(value);
      }
      expect(answer.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.connection).toBe('close');
    },
  );

  it('gives every refusal a request id of its own', async () => {
    const first = await sendRaw(CASES[0]?.request() ?? '');
    const second = await sendRaw(CASES[0]?.request() ?? '');
    expect(first.headers[REQUEST_ID_HEADER]).not.toBe(second.headers[REQUEST_ID_HEADER]);
  });

  it('still answers a well-formed request on the same server', async () => {
    const answer = await sendRaw(
      request(['GET /api/v1/health HTTP/1.1', 'Host: localhost', 'Connection: close']),
    );
    expect(answer.status).toBe(200);
  });
});
