/**
 * Campaign routes under pressure and on the real outbox mailer: per-address rate limits (429 in
 * the domain-error shape), two identical subscriptions at once, and the `.eml` a mail client
 * gets with its RFC 8058 headers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { outboxMessages, recordingMailer, solveRobotCheck, testClock } from './support/accounts.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir();
let testApp: TestApp;
afterEach(() => testApp.close());

const MINUTE = 60_000;
const TOO_MANY = { errors: ['Too many requests. Please try again later.'] };

async function catalogsId(): Promise<number> {
  const response = await testApp.app.inject({ url: '/api/v1/campaigns/by-name/Catalogs' });
  return response.json<{ id: number }>().id;
}

async function subscribe(email: string, campaignId: number, ip = '10.0.0.1') {
  const recaptchaToken = await solveRobotCheck(testApp.app);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns/subscriptions',
    payload: { email, campaignId, recaptchaToken },
    remoteAddress: ip,
  });
}

function expectTooMany(response: { statusCode: number; headers: object; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(TOO_MANY);
  expect(Number((response.headers as Record<string, string>)['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits per address', () => {
  it('subscribe: other addresses go on', async () => {
    testApp = await createTestApp(tempDir(), {
      mailer: recordingMailer(),
      rateLimits: { subscribe: { perIp: { max: 2, windowMs: MINUTE } } },
    });
    const campaign = await catalogsId();
    expect((await subscribe('a@primjer.hr', campaign)).statusCode).toBe(204);
    expect((await subscribe('b@primjer.hr', campaign)).statusCode).toBe(204);
    expectTooMany(await subscribe('c@primjer.hr', campaign));
    expect((await subscribe('c@primjer.hr', campaign, '10.0.0.2')).statusCode).toBe(204);
  });

  it('unsubscribe and one-click, each with its own counter', async () => {
    testApp = await createTestApp(tempDir(), {
      mailer: recordingMailer(),
      rateLimits: {
        unsubscribe: { perIp: { max: 2, windowMs: MINUTE } },
        oneClickUnsubscribe: { perIp: { max: 1, windowMs: MINUTE } },
      },
    });
    const campaignId = await catalogsId();
    const body = { email: 'a@primjer.hr', campaignId, unsubscribeToken: 'guess' };
    const guess = () =>
      testApp.app.inject({
        method: 'DELETE',
        url: '/api/v1/campaigns/subscriptions',
        payload: body,
        remoteAddress: '10.0.0.9',
      });
    expect((await guess()).statusCode).toBe(404);
    expect((await guess()).statusCode).toBe(404);
    expectTooMany(await guess());
    const oneClick = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/v1/campaigns/subscriptions/one-click?email=a%40primjer.hr&campaignId=${campaignId}&unsubscribeToken=guess`,
        remoteAddress: '10.0.0.9',
      });
    expect((await oneClick()).statusCode).toBe(404);
    expectTooMany(await oneClick());
  });
});

it('two identical subscriptions at once: one 204, one 409, never a 500', async () => {
  testApp = await createTestApp(tempDir(), { mailer: recordingMailer() });
  const campaign = await catalogsId();
  const [tokenA, tokenB] = await Promise.all([
    solveRobotCheck(testApp.app),
    solveRobotCheck(testApp.app),
  ]);
  const send = (recaptchaToken: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns/subscriptions',
      payload: { email: 'isti@primjer.hr', campaignId: campaign, recaptchaToken },
    });
  const statuses = (await Promise.all([send(tokenA), send(tokenB)])).map((r) => r.statusCode);
  expect(statuses.sort()).toEqual([204, 409]);
});

it('the outbox .eml carries the unsubscribe link and the one-click headers', async () => {
  const clock = testClock();
  testApp = await createTestApp(tempDir(), {
    now: clock.now,
    env: { PUBLIC_URL: 'https://www.dentalia.hr' },
  });
  const campaign = await catalogsId();
  expect((await subscribe('ana@primjer.hr', campaign)).statusCode).toBe(204);
  const [eml = ''] = outboxMessages(tempDir());
  // RFC 5322 unfolding: a line break before white space is not part of the value.
  const unfolded = eml.replace(/\r\n(?=[ \t])/g, '');
  const token = /unsubscribeToken=([\w-]{43})/.exec(unfolded)?.[1];
  expect(token).toBeDefined();
  expect(unfolded).toContain(
    `List-Unsubscribe: <https://www.dentalia.hr/api/v1/campaigns/subscriptions/one-click?email=ana%40primjer.hr&campaignId=${campaign}&unsubscribeToken=${token}>\r\n`,
  );
  expect(unfolded).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
  // The body is quoted-printable: `=` is written `=3D`.
  expect(unfolded.replaceAll('=3D', '=')).toContain(
    `https://www.dentalia.hr/newsletter-odjava/katalozi?email=ana%40primjer.hr&unsubscribeToken=${token}`,
  );
});
