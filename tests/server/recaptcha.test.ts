/** reCAPTCHA v2 when its keys are configured; Google is replaced by a fake `fetch`. */
import { describe, expect, it } from 'vitest';
import { recaptchaRobotCheck, SITEVERIFY_URL } from '../../server/captcha/recaptcha.ts';
import { ADMIN, DEMO_PASSWORD, postJson } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

interface Call {
  url: string;
  body: URLSearchParams;
}

/** Google's siteverify as each test answers it; every call is recorded. */
let calls: Call[] = [];
let answer: (call: Call) => Promise<Response>;
const fakeFetch = (async (url: string, init: RequestInit) => {
  const call = { url, body: init.body as URLSearchParams };
  calls.push(call);
  return answer(call);
}) as typeof fetch;

const server = useServer({
  seedAccounts: true,
  env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' },
  robotCheck: recaptchaRobotCheck({ secretKey: 'secret-key', fetch: fakeFetch }),
});

function start(siteverify: (call: Call) => Promise<Response>): Call[] {
  answer = siteverify;
  calls = [];
  return calls;
}

const loginWith = (recaptchaToken: string) =>
  postJson(
    server.app,
    '/users/login',
    { email: ADMIN, password: DEMO_PASSWORD, recaptchaToken },
    { ip: '203.0.113.7' },
  );

describe('reCAPTCHA', () => {
  it('asks siteverify with the secret, the token and the address', async () => {
    const calls = start(async () => Response.json({ success: true }));
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
    start(async () => Response.json({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
    const response = await loginWith('used-token');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['recaptchaToken']);
  });

  it('Google unreachable: 503, nobody gets in', async () => {
    start(async () => {
      throw new TypeError('fetch failed');
    });
    const response = await loginWith('any-token');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errors: ['The robot check could not be verified. Please try again later.'],
    });
  });

  it('no ALTCHA challenges are issued', async () => {
    start(async () => Response.json({ success: true }));
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(response.statusCode).toBe(404);
  });
});
