/**
 * `/campaigns/*` (SPEC 3, 7; ARCHITECTURE.md wire contract rows for subscribing twice,
 * unsubscribing when not subscribed and a bad e-mail): lookup by configured name, subscribing
 * with the real ALTCHA robot check, consent evidence, the confirmation mail and its one-click
 * headers, and unsubscribing with the mail's token.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureCampaigns } from '../../server/campaigns/store.ts';
import {
  UNDELIVERABLE_REASON_MAX_LENGTH,
  markUndeliverable,
} from '../../server/newsletters/deliveries.ts';
import { solveRobotCheck } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer();

const EMAIL = 'ana.horvat@primjer.hr';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
const INVALID_EMAIL = { errors: { Email: ['Email is not a valid e-mail address.'] } };

function request(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  ip = '10.1.2.3',
) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload && { payload }),
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER },
  });
}

async function campaignId(name: string): Promise<number> {
  const response = await request('GET', `/campaigns/by-name/${encodeURIComponent(name)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function subscribe(body: object, ip?: string) {
  const recaptchaToken = await solveRobotCheck(server.app);
  return request('POST', '/campaigns/subscriptions', { recaptchaToken, ...body }, ip);
}

const unsubscribe = (body: object, ip?: string) =>
  request('DELETE', '/campaigns/subscriptions', body, ip);

/** The personal token of the last confirmation mail, from its unsubscribe-page link. */
function tokenOfLastMail(): string {
  const link = /\/newsletter-odjava\/\w+\?\S+/.exec(server.mailer.sent.at(-1)?.text ?? '')?.[0];
  const token = new URL(link ?? '/', 'http://x').searchParams.get('unsubscribeToken');
  if (!token)
    throw new Error(`no unsubscribe link in ${JSON.stringify(server.mailer.sent.at(-1))}`);
  return token;
}

const subscriptions = () =>
  server.db.selectFrom('campaign_subscriptions').selectAll().orderBy('id').execute();

describe('GET /campaigns/by-name/{campaignName}', () => {
  it('answers the id of each configured campaign, whatever the letter case', async () => {
    const courses = await campaignId('Courses');
    const catalogs = await campaignId('Catalogs');
    expect(courses).not.toBe(catalogs);
    expect(await campaignId('catalogs')).toBe(catalogs);
  });

  it('an unknown name is a 404 domain error', async () => {
    const response = await request('GET', '/campaigns/by-name/Promotions');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Campaign not found.'] });
  });

  it('every start adds the configured names that are missing; a renamed one is no longer offered', async () => {
    const catalogs = await campaignId('Catalogs');
    await server.restart({ env: { CAMPAIGN_COURSES: 'Tečajevi 2026' } });
    expect(await campaignId('Tečajevi 2026')).toBeGreaterThan(catalogs);
    expect(await campaignId('Catalogs')).toBe(catalogs);
    expect((await request('GET', '/campaigns/by-name/Courses')).statusCode).toBe(404);
    const names = await server.db.selectFrom('campaigns').select('name').orderBy('id').execute();
    expect(names.map((row) => row.name)).toEqual(['Courses', 'Catalogs', 'Tečajevi 2026']);
  });

  it('adding the campaigns again changes nothing', async () => {
    await ensureCampaigns(server.db, ['Courses', 'CATALOGS'], server.clock.now());
    const rows = await server.db.selectFrom('campaigns').select('name').execute();
    expect(rows).toHaveLength(2);
  });
});

describe('POST /campaigns/subscriptions', () => {
  it('subscribes the trimmed, lower-case address and keeps the consent evidence', async () => {
    const catalogs = await campaignId('Catalogs');
    const response = await subscribe(
      { email: ` ${EMAIL.toUpperCase()} `, campaignId: catalogs, sourcePage: '/katalozi' },
      '192.0.2.7',
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    const [row] = await subscriptions();
    expect(row).toEqual({
      id: expect.any(Number),
      campaign_id: catalogs,
      email: EMAIL,
      unsubscribe_token: tokenOfLastMail(),
      subscribed_at: server.clock.now().toISOString(),
      source_page: '/katalozi',
      ip_address: '192.0.2.7',
      user_agent: BROWSER,
      unsubscribed_at: null,
      unsubscribed_via: null,
      undeliverable_at: null,
      undeliverable_reason: null,
    });
  });

  it('mails a Croatian confirmation with the personal unsubscribe link and RFC 8058 headers', async () => {
    const catalogs = await campaignId('Catalogs');
    await subscribe({ email: EMAIL, campaignId: catalogs });
    const mail = server.mailer.sent.at(-1);
    const token = tokenOfLastMail();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail?.to).toBe(EMAIL);
    expect(mail?.subject).toBe('Prijava na newsletter: Dentalia');
    expect(mail?.text).toContain('hvala vam na prijavi na Dentalia newsletter s novostima');
    const pageLink = `http://localhost:3000/newsletter-odjava/katalozi?email=ana.horvat%40primjer.hr&unsubscribeToken=${token}`;
    expect(mail?.text).toContain(`${pageLink}\n`);
    expect(mail?.html).toContain(`<a href="${pageLink.replaceAll('&', '&amp;')}">`);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/v1/campaigns/subscriptions/one-click?email=ana.horvat%40primjer.hr&campaignId=${catalogs}&unsubscribeToken=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('links the courses campaign to /newsletter-odjava/tecajevi', async () => {
    await subscribe({ email: EMAIL, campaignId: await campaignId('Courses') });
    expect(server.mailer.sent.at(-1)?.text).toContain('newsletter o tečajevima');
    expect(server.mailer.sent.at(-1)?.text).toMatch(
      /http:\/\/localhost:3000\/newsletter-odjava\/tecajevi\?email=ana\.horvat%40primjer\.hr&unsubscribeToken=[\w-]{43}\n/,
    );
  });

  it('refuses bad e-mails on Email, before the robot-check solution is spent', async () => {
    const catalogs = await campaignId('Catalogs');
    const recaptchaToken = await solveRobotCheck(server.app);
    const bad = ['', '   ', 'ana', 'ana@', '@primjer.hr', 'ana@primjer', 'ana horvat@primjer.hr'];
    for (const email of bad) {
      const response = await request('POST', '/campaigns/subscriptions', {
        email,
        campaignId: catalogs,
        recaptchaToken,
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toEqual(INVALID_EMAIL);
    }
    // Longer than any deliverable address: refused by the contract, before the handler.
    const tooLong = await request('POST', '/campaigns/subscriptions', {
      email: `${'a'.repeat(250)}@primjer.hr`,
      campaignId: catalogs,
      recaptchaToken,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      errors: { email: ['email must be at most 254 characters long.'] },
    });
    const good = { email: EMAIL, campaignId: catalogs, recaptchaToken };
    expect((await request('POST', '/campaigns/subscriptions', good)).statusCode).toBe(204);
    expect(server.mailer.sent).toHaveLength(1);
  });

  it('refuses an address a mail library would read as another recipient, and mails nobody', async () => {
    const catalogs = await campaignId('Catalogs');
    for (const email of ['x,victim@example.com', 'x<victim@example.com>']) {
      const response = await subscribe({ email, campaignId: catalogs });
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toEqual(INVALID_EMAIL);
    }
    expect(server.mailer.sent).toEqual([]);
    const stored = await server.db.selectFrom('campaign_subscriptions').select('email').execute();
    expect(stored).toEqual([]);
  });

  it('needs the robot check: missing, empty, made up or used before', async () => {
    const body = { email: EMAIL, campaignId: await campaignId('Catalogs') };
    const required = {
      errors: { recaptchaToken: ['The robot check (recaptchaToken) is required.'] },
    };
    const failed = {
      errors: {
        recaptchaToken: ['The robot check failed or was already used; please solve it again.'],
      },
    };
    expect((await request('POST', '/campaigns/subscriptions', body)).json()).toEqual(required);
    const empty = await request('POST', '/campaigns/subscriptions', {
      ...body,
      recaptchaToken: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(required);
    const madeUp = await request('POST', '/campaigns/subscriptions', {
      ...body,
      recaptchaToken: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual(failed);

    const recaptchaToken = await solveRobotCheck(server.app);
    const first = await request('POST', '/campaigns/subscriptions', { ...body, recaptchaToken });
    expect(first.statusCode).toBe(204);
    const reused = await request('POST', '/campaigns/subscriptions', {
      ...body,
      email: 'drugi@primjer.hr',
      recaptchaToken,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(failed);
    expect(server.mailer.sent.map((mail) => mail.to)).toEqual([EMAIL]);
  });

  it('a second subscription to the same campaign is a 409 with the contract text; no second mail', async () => {
    const catalogs = await campaignId('Catalogs');
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(204);
    const twice = await subscribe({ email: ` ${EMAIL.toUpperCase()}`, campaignId: catalogs });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      errors: ['ana.horvat@primjer.hr is already subscribed to campaign Catalogs'],
    });
    expect(server.mailer.sent).toHaveLength(1);
    const other = await subscribe({ email: EMAIL, campaignId: await campaignId('Courses') });
    expect(other.statusCode).toBe(204);
  });

  it('an address a receiving server refused is tried again when its owner subscribes again', async () => {
    const catalogs = await campaignId('Catalogs');
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(204);
    const token = tokenOfLastMail();
    // As the dispatcher marks a hard bounce (server/newsletters/deliveries.ts).
    await server.db
      .updateTable('campaign_subscriptions')
      .set({ undeliverable_at: new Date().toISOString(), undeliverable_reason: '550 No such user' })
      .execute();
    const again = await subscribe({ email: EMAIL, campaignId: catalogs });
    expect(again.statusCode, again.body).toBe(204);
    const rows = await subscriptions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ undeliverable_at: null, undeliverable_reason: null });
    // Confirmed again, with the subscription's own unsubscribe link.
    expect(server.mailer.sent).toHaveLength(2);
    expect(tokenOfLastMail()).toBe(token);
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(409);
  });

  it('keeps a receiving server’s refusal on one line and cut to length', async () => {
    const catalogs = await campaignId('Catalogs');
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(204);
    const [row] = await subscriptions();
    const answer = `550-5.1.1 The email account\r\n550 5.1.1 does not exist.\u0007 ${'x'.repeat(900)}`;
    await markUndeliverable(server.db, row?.id ?? 0, answer, new Date());
    const reason = (await subscriptions())[0]?.undeliverable_reason ?? '';
    expect(reason.startsWith('550-5.1.1 The email account 550 5.1.1 does not exist.')).toBe(true);
    expect(reason).toHaveLength(UNDELIVERABLE_REASON_MAX_LENGTH);
  });

  it('an unknown campaign is a 404; a malformed one a validation error', async () => {
    const unknown = await subscribe({ email: EMAIL, campaignId: 999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Campaign not found.'] });
    for (const campaignId of ['1', 1.5, null]) {
      const response = await subscribe({ email: EMAIL, campaignId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { campaignId: ['campaignId must be a campaign id.'] },
      });
    }
    expect(await subscriptions()).toEqual([]);
  });

  it('sourcePage, when sent, must be a path of this site', async () => {
    const catalogs = await campaignId('Catalogs');
    for (const sourcePage of ['https://evil.example/', '//evil.example', 'katalozi', '/a b']) {
      const response = await subscribe({ email: EMAIL, campaignId: catalogs, sourcePage });
      expect(response.statusCode, sourcePage).toBe(400);
      expect(response.json()).toEqual({
        errors: { sourcePage: ['sourcePage must be a path of this site.'] },
      });
    }
    const withoutPage = await subscribe({ email: EMAIL, campaignId: catalogs });
    expect(withoutPage.statusCode).toBe(204);
    expect((await subscriptions())[0]?.source_page).toBeNull();
  });

  it('a failed confirmation mail is reported (502) and leaves no subscription behind', async () => {
    const catalogs = await campaignId('Catalogs');
    server.mailer.failNext = true;
    const failed = await subscribe({ email: EMAIL, campaignId: catalogs });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      errors: ['The e-mail could not be sent. Please try again later.'],
    });
    expect(await subscriptions()).toEqual([]);
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(204);
  });
});

describe('DELETE /campaigns/subscriptions', () => {
  let catalogs: number;
  let token: string;
  beforeEach(async () => {
    catalogs = await campaignId('Catalogs');
    expect((await subscribe({ email: EMAIL, campaignId: catalogs })).statusCode).toBe(204);
    token = tokenOfLastMail();
  });

  const notSubscribed = (email = EMAIL) => ({
    errors: [`${email} is not subscribed to campaign Catalogs`],
  });

  it('unsubscribes with the token of the mail; the row stays with the time it ended', async () => {
    server.clock.advance(60_000);
    const response = await unsubscribe({
      email: EMAIL.toUpperCase(),
      campaignId: catalogs,
      unsubscribeToken: token,
    });
    expect(response.statusCode, response.body).toBe(204);
    const [row] = await subscriptions();
    expect(row).toMatchObject({
      email: EMAIL,
      unsubscribed_at: server.clock.now().toISOString(),
      unsubscribed_via: 'api',
      ip_address: '10.1.2.3',
    });
  });

  it('a second time is a 404 with the contract text', async () => {
    const body = { email: EMAIL, campaignId: catalogs, unsubscribeToken: token };
    expect((await unsubscribe(body)).statusCode).toBe(204);
    const again = await unsubscribe(body);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(notSubscribed());
  });

  it('a wrong token is answered exactly like an address that is not subscribed', async () => {
    const wrong = await unsubscribe({
      email: EMAIL,
      campaignId: catalogs,
      unsubscribeToken: `${token.slice(0, -1)}x`,
    });
    const unknown = await unsubscribe({
      email: 'nitko@primjer.hr',
      campaignId: catalogs,
      unsubscribeToken: token,
    });
    const empty = await unsubscribe({ email: EMAIL, campaignId: catalogs, unsubscribeToken: '' });
    for (const response of [wrong, unknown, empty]) expect(response.statusCode).toBe(404);
    expect(wrong.json()).toEqual(notSubscribed());
    expect(empty.json()).toEqual(notSubscribed());
    expect(unknown.json()).toEqual(notSubscribed('nitko@primjer.hr'));
    expect((await subscriptions())[0]?.unsubscribed_at).toBeNull();
  });

  it('the token of one campaign does not unsubscribe from the other', async () => {
    const courses = await campaignId('Courses');
    await subscribe({ email: EMAIL, campaignId: courses });
    const response = await unsubscribe({
      email: EMAIL,
      campaignId: courses,
      unsubscribeToken: token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      errors: ['ana.horvat@primjer.hr is not subscribed to campaign Courses'],
    });
  });

  it('a bad e-mail is a validation error on Email; an unknown campaign a 404', async () => {
    for (const email of ['', 'ana', 'ana@primjer']) {
      const response = await unsubscribe({ email, campaignId: catalogs, unsubscribeToken: token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_EMAIL);
    }
    const unknown = await unsubscribe({ email: EMAIL, campaignId: 999, unsubscribeToken: token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Campaign not found.'] });
    const missing = await unsubscribe({ email: EMAIL, campaignId: catalogs });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ errors: object }>().errors)).toEqual(['unsubscribeToken']);
  });

  it('subscribing again after unsubscribing works, with fresh evidence and a new token', async () => {
    await unsubscribe({ email: EMAIL, campaignId: catalogs, unsubscribeToken: token });
    server.clock.advance(3_600_000);
    const again = await subscribe(
      { email: EMAIL, campaignId: catalogs, sourcePage: '/' },
      '198.51.100.4',
    );
    expect(again.statusCode).toBe(204);
    const newToken = tokenOfLastMail();
    expect(newToken).not.toBe(token);
    const [old, renewed] = await subscriptions();
    expect(old).toMatchObject({ unsubscribe_token: token, unsubscribed_via: 'api' });
    expect(old?.unsubscribed_at).not.toBeNull();
    expect(renewed).toMatchObject({
      unsubscribe_token: newToken,
      subscribed_at: server.clock.now().toISOString(),
      source_page: '/',
      ip_address: '198.51.100.4',
      unsubscribed_at: null,
    });
    const withOld = await unsubscribe({
      email: EMAIL,
      campaignId: catalogs,
      unsubscribeToken: token,
    });
    expect(withOld.statusCode).toBe(404);
    const withNew = await unsubscribe({
      email: EMAIL,
      campaignId: catalogs,
      unsubscribeToken: newToken,
    });
    expect(withNew.statusCode).toBe(204);
  });
});

describe('POST /campaigns/subscriptions/one-click (RFC 8058)', () => {
  let oneClickUrl: string;
  beforeEach(async () => {
    await subscribe({ email: EMAIL, campaignId: await campaignId('Catalogs') });
    const header = server.mailer.sent.at(-1)?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? 'http://x/');
    oneClickUrl = `${url.pathname}${url.search}`;
  });

  const post = (contentType: string, payload: string, url = oneClickUrl) =>
    server.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('the form-encoded POST of a mail client unsubscribes; a repeat is a 404', async () => {
    const response = await post('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(response.statusCode, response.body).toBe(204);
    expect((await subscriptions())[0]).toMatchObject({ unsubscribed_via: 'one-click' });
    const again = await post('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      errors: ['ana.horvat@primjer.hr is not subscribed to campaign Catalogs'],
    });
  });

  it('accepts the multipart form RFC 8058 prefers', async () => {
    const boundary = 'x-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await post(`multipart/form-data; boundary=${boundary}`, body);
    expect(response.statusCode, response.body).toBe(204);
  });

  it('opening the link (GET, as a link scanner does) changes nothing', async () => {
    const response = await server.app.inject({ method: 'GET', url: oneClickUrl });
    expect(response.statusCode).toBe(404);
    expect((await subscriptions())[0]?.unsubscribed_at).toBeNull();
  });

  it('a wrong token is a 404 and a malformed query a validation error', async () => {
    const wrong = oneClickUrl.replace(/unsubscribeToken=[\w-]+/, 'unsubscribeToken=nope');
    expect((await post('application/x-www-form-urlencoded', '', wrong)).statusCode).toBe(404);
    const malformed = oneClickUrl.replace(/campaignId=\d+/, 'campaignId=abc');
    const response = await post('application/x-www-form-urlencoded', '', malformed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { campaignId: ['campaignId must be a campaign id.'] },
    });
  });

  it('only this route accepts form bodies', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/campaigns/subscriptions',
      payload: 'email=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });
});
