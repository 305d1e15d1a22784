import { afterEach, describe, expect, it } from 'vitest';
import { maskSecretsInUrl } from '../../server/http/logging.ts';
import { streamUrls } from '../../server/transcodes/stream-urls.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp;
afterEach(() => testApp.close());

function collectingDestination() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe('request ids', () => {
  it('gives every request a fresh UUID and echoes it', async () => {
    testApp = await createTestApp(tempDir());
    const first = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
    const second = await testApp.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("honours a caller's x-request-id, unless it is not a plausible id", async () => {
    testApp = await createTestApp(tempDir());
    const honoured = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(honoured.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'evil\u0007"}{' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('logs', () => {
  it('carry the request id and never credentials, passwords or tokens', async () => {
    const { lines, destination } = collectingDestination();
    testApp = await createTestApp(tempDir(), {
      env: { LOG_LEVEL: 'info' },
      logDestination: destination,
    });
    testApp.app.post('/api/v1/test/login', async (request) => {
      request.log.info({ body: request.body }, 'login attempt');
      throw new Error('database exploded');
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/login?resetToken=url-token-secret&page=2',
      headers: {
        authorization: 'Bearer header-token-secret',
        cookie: 'jwt=cookie-secret',
        'x-request-id': 'trace-1',
      },
      payload: {
        email: 'ana@example.com',
        password: 'Password-Secret-1',
        refreshToken: 'rt-secret',
      },
    });

    const log = lines.join('');
    for (const secret of [
      'url-token-secret',
      'header-token-secret',
      'cookie-secret',
      'Password-Secret-1',
      'rt-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry.msg === 'unexpected error');
    expect(failure).toMatchObject({ reqId: 'trace-1', err: { message: 'database exploded' } });
    const incoming = entries.find((entry) => entry.msg === 'incoming request');
    expect(incoming).toMatchObject({
      req: { url: '/api/v1/test/login?resetToken=redacted&page=2' },
    });

    const signature = 's'.repeat(43);
    await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/educations/1/stream/k3y/2/1900000000/${signature}/master.m3u8`,
    });
    expect(lines.join('')).not.toContain(signature);
    expect(entries.find((entry) => entry.msg === 'login attempt')).toMatchObject({
      body: { email: 'ana@example.com', password: '[redacted]', refreshToken: '[redacted]' },
    });
  });
});

describe('maskSecretsInUrl', () => {
  it('masks token-like parameters and keeps the rest', () => {
    expect(maskSecretsInUrl('/newsletter-odjava/tecajevi?email=a%40b.hr&unsubscribeToken=x')).toBe(
      '/newsletter-odjava/tecajevi?email=a%40b.hr&unsubscribeToken=redacted',
    );
    expect(maskSecretsInUrl('/info')).toBe('/info');
    expect(maskSecretsInUrl('/api/v1/newsletters/4/preview/document?expires=9&signature=s')).toBe(
      '/api/v1/newsletters/4/preview/document?expires=9&signature=redacted',
    );
  });

  it('masks the signature of a signed stream path, and only it', () => {
    const prefix = streamUrls({
      basePath: '/api/v1',
      jwtSecret: 'a secret of the test',
      lifetimeHours: 4,
      now: () => new Date('2026-11-27T10:00:00Z'),
    }).prefix(7, 'k3y', 12);
    const signature = prefix.split('/').at(-2) ?? '';
    expect(signature).toHaveLength(43);
    const expires = String(Date.parse('2026-11-27T14:00:00Z') / 1000);
    for (const file of ['master.m3u8', '720p/segment-003.ts?x=1']) {
      expect(maskSecretsInUrl(`${prefix}${file}`)).toBe(
        `/api/v1/educations/7/stream/k3y/12/${expires}/redacted/${file}`,
      );
    }
  });
});
