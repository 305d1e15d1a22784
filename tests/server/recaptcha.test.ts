/** reCAPTCHA v2 when its keys are configured; Google is replaced by a fake `fetch`. */
import { afterEach, describe, expect, it } from 'vitest';
import { recaptchaRobotCheck, SITEVERIFY_URL } from '../../server/captcha/recaptcha.ts';
import { ADMIN, DEMO_PASSWORD, postJson, seedAccounts, testClock } from './support/accounts.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir();
let testApp: TestApp;
afterEach(() => testApp.close());

const RECAPTCHA_ENV = { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' };

interface Call {
  url: string;
  body: URLSearchParams;
}

async function start(answer: (call: Call) => Promise<Response>) {
  const calls: Call[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const call = { url, body: init.body as URLSearchParams };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  const clock = testClock();
  testApp = await createTestApp(tempDir(), {
    env: RECAPTCHA_ENV,
    now: clock.now,
    robotCheck: recaptchaRobotCheck({ secretKey: 'secret-key', fetch: fakeFetch }),
  });
  await seedAccounts(testApp.db, tempDir(), clock.now);
  return calls;
}

const loginWith = (recaptchaToken: string) =>
  postJson(
    testApp.app,
    '/users/login',
    { email: ADMIN, password: DEMO_PASSWORD, recaptchaToken },
    { ip: '203.0.113.7' },
  );

describe('reCAPTCHA', () => {
  it('asks siteverify with the secret, the token and the address', async () => {
    const calls = await start(async () => Response.json({ success: true }));
    expect((await loginWith('google-token')).statusCode).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({
      secret: 'secret-key',
      response: 'google-token',
      remoteip: '203.0.113.7',
    });
  });

  it("Google's refusal is a 400 on recaptchaToken", async () => {
    await start(async () =>
      Response.json({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
    );
    const response = await loginWith('used-token');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['recaptchaToken']);
  });

  it('Google unreachable: 503, nobody gets in', async () => {
    await start(async () => {
      throw new TypeError('fetch failed');
    });
    const response = await loginWith('any-token');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errors: ['The robot check could not be verified. Please try again later.'],
    });
  });

  it('no ALTCHA challenges are issued', async () => {
    await start(async () => Response.json({ success: true }));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(response.statusCode).toBe(404);
  });
});
