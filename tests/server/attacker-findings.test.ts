/**
 * The findings of the attacker's probe of the landed server (issue 10), one block each, every
 * one seen failing before its fix.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courseListSchema, FIELD_MAX_LENGTHS } from '../../src/api/contract.ts';
import { insertCourse } from '../../server/courses/store.ts';
import { addressGroup, limiterKey, type RateLimits } from '../../server/http/rate-limits.ts';
import { imageFile, multipart } from './media-fixtures.ts';
import { ADMIN, login, postJson, seedAccounts, solveRobotCheck, USER } from './support/accounts.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir('dental-findings-');
let testApp: TestApp;

async function start(rateLimits: Partial<RateLimits> = {}) {
  await testApp.close();
  const dataDir = path.join(tempDir(), `var-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir, { rateLimits });
}

beforeEach(async () => {
  const dataDir = path.join(tempDir(), 'var');
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir);
});
afterEach(() => testApp.close());

const token = 'A'.repeat(FIELD_MAX_LENGTHS.opaqueToken);

describe('every string of the contract has a maximum length (finding 2)', () => {
  const over = (max: number) => 'a'.repeat(max + 1);
  const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  it.each([
    ['/users/login', 'email', { email: email(255), password: 'x', recaptchaToken: 'x' }],
    [
      '/users/login',
      'password',
      { email: 'a@example.com', password: over(1024), recaptchaToken: 'x' },
    ],
    [
      '/users/login',
      'recaptchaToken',
      { email: 'a@example.com', password: 'x', recaptchaToken: over(8192) },
    ],
    ['/users/refresh-token', 'refreshToken', { refreshToken: `${token}A` }],
    ['/users/revoke-token', 'refreshToken', { refreshToken: `${token}A` }],
    ['/users/validate-registration', 'invitationToken', { invitationToken: `${token}A` }],
    [
      '/users/complete-registration',
      'name',
      { name: over(100), surname: 'Anić', password: 'x', invitationToken: token },
    ],
    [
      '/users/complete-registration',
      'surname',
      { name: 'Ana', surname: over(100), password: 'x', invitationToken: token },
    ],
    ['/users/request-password-reset', 'email', { email: email(300), recaptchaToken: 'x' }],
    [
      '/campaigns/subscriptions',
      'email',
      { email: email(255), campaignId: 1, recaptchaToken: 'x' },
    ],
  ])('%s: an over-long %s is a 400 naming it', async (url, field, body) => {
    const response = await postJson(testApp.app, url, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([field]);
  });

  it('counts no over-long e-mail against a limit: refused before the limiters key it', async () => {
    await start({
      login: { perIp: { max: 100, windowMs: 60_000 }, perEmail: { max: 1, windowMs: 60_000 } },
    });
    const huge = `${'a'.repeat(1_000_000)}@example.com`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await postJson(testApp.app, '/users/login', {
        email: huge,
        password: 'x',
        recaptchaToken: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { email: ['email must be at most 254 characters long.'] },
      });
    }
  });

  it('keys limiters by a digest of fixed size', () => {
    expect(limiterKey('login:email', 'x'.repeat(1_000_000))).toHaveLength(
      'login:email:'.length + 43,
    );
    expect(limiterKey('a', 'x')).not.toBe(limiterKey('a', 'y'));
  });

  it('leaves room for a real robot-check solution', async () => {
    expect((await solveRobotCheck(testApp.app)).length).toBeLessThan(
      FIELD_MAX_LENGTHS.robotCheckToken / 4,
    );
  });
});

describe('router-level errors (finding 11)', () => {
  it.each([
    ['a bad percent-encoding', 'DELETE', '/api/v1/courses/%E0%A4%A', 400],
    ['an over-long path parameter', 'GET', `/api/v1/campaigns/by-name/${'a'.repeat(150)}`, 414],
  ] as const)(
    '%s answers in the error shape with the security headers',
    async (_, method, url, status) => {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ errors: [expect.any(String)] });
      expect(response.body).not.toContain('aaaa');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toBeDefined();
    },
  );
});

describe('IPv6 clients count per /64 (finding 5)', () => {
  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:207', '192.0.2.7'],
    ['192.0.2.7', '192.0.2.7'],
  ])('%s counts as %s', (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });

  it('addresses of one /64 share a limit; another /64 goes on', async () => {
    await start({ refreshToken: { perIp: { max: 2, windowMs: 60_000 } } });
    const refresh = (ip: string) =>
      postJson(testApp.app, '/users/refresh-token', { refreshToken: 'x' }, { ip });
    expect((await refresh('2001:db8:1:2::1')).statusCode).toBe(401);
    expect((await refresh('2001:db8:1:2::2')).statusCode).toBe(401);
    expect((await refresh('2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await refresh('2001:db8:1:3::1')).statusCode).toBe(401);
  });
});

describe('live links in the log (finding 10)', () => {
  async function resetLinkLogged(nodeEnv: string) {
    await testApp.close();
    const lines: string[] = [];
    const dataDir = path.join(tempDir(), nodeEnv);
    mkdirSync(dataDir);
    testApp = await createTestApp(dataDir, {
      env: { NODE_ENV: nodeEnv, LOG_LEVEL: 'trace' },
      logDestination: { write: (line) => void lines.push(line) },
    });
    await seedAccounts(testApp.db, dataDir, () => new Date());
    const response = await postJson(testApp.app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(testApp.app),
    });
    expect(response.statusCode).toBe(204);
    await expect.poll(() => lines.some((line) => line.includes('outbox'))).toBe(true);
    return lines.some((line) => line.includes('/resetiraj-lozinku/'));
  }

  it('never logs a reset link with a production config, even at trace level', async () => {
    expect(await resetLinkLogged('production')).toBe(false);
  }, 30_000);

  it('logs it in development, where the outbox stands in for a mailbox', async () => {
    expect(await resetLinkLogged('development')).toBe(true);
  }, 30_000);
});

describe('course forms (findings 3 and 9)', () => {
  let accessToken: string;
  beforeEach(async () => {
    await seedAccounts(testApp.db, path.join(tempDir(), 'var'), () => new Date());
    accessToken = (await login(testApp.app, ADMIN)).accessToken;
  });

  async function createCourse(fields: { StartDate: string; EndDate: string; Lecturer?: string }) {
    const body = await multipart({
      Title: 'Implantologija',
      Description: 'Vođena kirurgija.',
      Lecturer: 'dr. Ivo Ivić',
      Location: 'Rijeka',
      Price: '',
      ...fields,
      Image: { bytes: await imageFile('png', 160, 90), filename: 'slika.png', type: 'image/png' },
    });
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: { ...body.headers, authorization: `Bearer ${accessToken}` },
      payload: body.payload,
    });
  }
  const courseCount = async () =>
    (await testApp.db.selectFrom('courses').select('id').execute()).length;

  it.each([
    ['9999-12-31T23:00:00-23:59', '9999-12-31T23:30:00-23:59', 'StartDate'],
    ['2030-05-17T08:00:00Z', '9999-12-31T23:59:59-01:00', 'EndDate'],
    ['2030-05-17T08:00:00Z', '2100-01-01T00:00:00Z', 'EndDate'],
  ])(
    '%s to %s is refused on %s; the list stays readable',
    async (StartDate, EndDate, field) => {
      const before = await courseCount();
      const response = await createCourse({ StartDate, EndDate });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
      expect(await courseCount()).toBe(before);
      const list = await testApp.app.inject({ method: 'GET', url: '/api/v1/courses' });
      expect(z.safeParse(courseListSchema, list.json()).success).toBe(true);
    },
    30_000,
  );

  it.each([',,,,', ' , ,', ','])(
    'Lecturer=%s is refused as empty, after splitting (finding 9)',
    async (Lecturer) => {
      const response = await createCourse({
        StartDate: '2030-05-17T08:00:00Z',
        EndDate: '2030-05-17T16:00:00Z',
        Lecturer,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ errors: { Lecturer: ['Lecturer must not be empty.'] } });
    },
    30_000,
  );

  it('stores nothing when the answer of a stored course cannot be made', async () => {
    const before = await courseCount();
    const row = {
      title: 'T',
      description: 'D',
      lecturer: 'L',
      location: 'M',
      country_iso_code: 'HR',
      start_date: '+010000-01-01T00:00:00.000Z',
      end_date: '+010000-01-02T00:00:00.000Z',
      price_cents: null,
      image_key: 'courses/aaaaaaaaaaaaaaaaaaaaaa.webp',
      image_card_key: 'courses/aaaaaaaaaaaaaaaaaaaaaa-card.webp',
      pdf_key: null,
      created_at: new Date().toISOString(),
    };
    const answerable = () => {
      throw new Error('not an ISO instant');
    };
    await expect(insertCourse(testApp.db, row, answerable)).rejects.toThrow('not an ISO instant');
    expect(await courseCount()).toBe(before);
  });

  it('takes an offset within the range', async () => {
    const response = await createCourse({
      StartDate: '2099-12-31T10:00:00+02:00',
      EndDate: '2099-12-31T18:00:00+02:00',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ startDate: '2099-12-31T08:00:00.000Z' });
  }, 30_000);
});
