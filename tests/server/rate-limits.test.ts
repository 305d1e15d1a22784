import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  EMPLOYEE,
  login,
  postJson,
  recordingMailer,
  seedAccounts,
  solveRobotCheck,
  testClock,
  USER,
} from './support/accounts.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir();
let testApp: TestApp;
afterEach(() => testApp.close());

const MINUTE = 60_000;
const TOO_MANY = { errors: ['Too many requests. Please try again later.'] };

async function start(rateLimits: object) {
  const clock = testClock();
  testApp = await createTestApp(tempDir(), {
    now: clock.now,
    mailer: recordingMailer(),
    rateLimits,
  });
  await seedAccounts(testApp.db, tempDir(), clock.now);
}

function expectTooMany(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(TOO_MANY);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
}

async function loginFrom(ip: string, email: string, password = DEMO_PASSWORD) {
  const recaptchaToken = await solveRobotCheck(testApp.app);
  return postJson(testApp.app, '/users/login', { email, password, recaptchaToken }, { ip });
}

describe('rate limits', () => {
  it('login per address: other addresses go on', async () => {
    await start({
      login: { perIp: { max: 2, windowMs: MINUTE }, perEmail: { max: 100, windowMs: MINUTE } },
    });
    expect((await loginFrom('10.0.0.1', ADMIN)).statusCode).toBe(200);
    expect((await loginFrom('10.0.0.1', USER)).statusCode).toBe(200);
    expectTooMany(await loginFrom('10.0.0.1', EMPLOYEE));
    expect((await loginFrom('10.0.0.2', EMPLOYEE)).statusCode).toBe(200);
  });

  it('login per e-mail counts failures, whatever the case, from any address', async () => {
    await start({
      login: { perIp: { max: 100, windowMs: MINUTE }, perEmail: { max: 2, windowMs: MINUTE } },
    });
    expect((await loginFrom('10.0.0.1', USER)).statusCode).toBe(200);
    expect((await loginFrom('10.0.0.1', USER, 'Kriva-Lozinka-1')).statusCode).toBe(401);
    expect((await loginFrom('10.0.0.2', USER.toUpperCase(), 'Kriva-2')).statusCode).toBe(401);
    expectTooMany(await loginFrom('10.0.0.3', ` ${USER}`));
    expect((await loginFrom('10.0.0.3', ADMIN)).statusCode).toBe(200);
  });

  it('refresh per address', async () => {
    await start({ refreshToken: { perIp: { max: 2, windowMs: MINUTE } } });
    const refresh = () =>
      postJson(testApp.app, '/users/refresh-token', { refreshToken: 'x' }, { ip: '10.0.0.9' });
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(401);
    expectTooMany(await refresh());
  });

  it('password-reset request per e-mail and per address', async () => {
    await start({
      passwordResetRequest: {
        perIp: { max: 3, windowMs: MINUTE },
        perEmail: { max: 1, windowMs: MINUTE },
      },
    });
    const reset = async (email: string, ip: string) =>
      postJson(
        testApp.app,
        '/users/request-password-reset',
        { email, recaptchaToken: await solveRobotCheck(testApp.app) },
        { ip },
      );
    expect((await reset(USER, '10.0.0.1')).statusCode).toBe(204);
    expectTooMany(await reset(USER, '10.0.0.2'));
    // Unknown e-mails are counted the same: the limit reveals nothing either.
    expect((await reset('nobody@example.com', '10.0.0.1')).statusCode).toBe(204);
    expectTooMany(await reset('nobody@example.com', '10.0.0.3'));
    expect((await reset(ADMIN, '10.0.0.1')).statusCode).toBe(204);
    expectTooMany(await reset(EMPLOYEE, '10.0.0.1'));
  });

  it('invite per invited e-mail and per address', async () => {
    await start({
      invite: { perIp: { max: 2, windowMs: MINUTE }, perEmail: { max: 1, windowMs: MINUTE } },
    });
    const { accessToken } = await login(testApp.app, ADMIN);
    const invite = (email: string, ip: string) =>
      postJson(
        testApp.app,
        '/users/invite',
        { email, roles: ['user'] },
        { token: accessToken, ip },
      );
    expect((await invite('a@example.com', '10.0.0.1')).statusCode).toBe(204);
    expectTooMany(await invite('a@example.com', '10.0.0.2'));
    expect((await invite('b@example.com', '10.0.0.1')).statusCode).toBe(204);
    expectTooMany(await invite('c@example.com', '10.0.0.1'));
  });

  it('the defaults leave a person room and stop a guesser', () => {
    expect(DEFAULT_RATE_LIMITS.login.perEmail).toEqual({ max: 10, windowMs: 15 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.passwordResetRequest.perEmail.max).toBeLessThanOrEqual(5);
  });
});
