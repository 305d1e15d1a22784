/**
 * Two real server processes on one PostgreSQL database and one data folder, as behind a load
 * balancer (issue 16, docs/operations.md): what one process does, the other sees at once, and
 * what must happen once happens once.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterImageResponse } from '../../src/api/contract.ts';
import { OUTBOX_FOLDER } from '../../server/mail/mailer.ts';
import { UPLOADS_FOLDER } from '../../server/uploads/video-uploads.ts';
import { imageFile } from '../server/media-fixtures.ts';
import { ADMIN, DEMO_PASSWORD, USER } from '../server/support/accounts.ts';
import { newsletterRequest } from '../server/support/newsletters.ts';
import { mp4Of } from '../server/support/videos.ts';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../server/support/server-process.ts';
import { testDatabase } from '../server/support/test-database.ts';
import { call, logIn, refresh, solvedRobotCheck } from './http-client.ts';

let dataDir = '';
let sql: pg.Client;
let first: ServerProcess;
let second: ServerProcess;

const RECIPIENTS = 40;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dental-multi-process-'));
  const env = {
    DATA_DIR: dataDir,
    // The site's address, the same for every process behind the proxy: access tokens name it.
    PUBLIC_URL: 'http://localhost:8080',
    DEMO_PASSWORD,
    // A newsletter of RECIPIENTS takes a few seconds, so both dispatchers take part.
    NEWSLETTER_MESSAGES_PER_SECOND: '10',
  };
  // One after the other: the first migrates and seeds, as a rolling deploy would.
  first = await spawnServer(env);
  await waitForHealth(first, 60_000);
  second = await spawnServer(env);
  await waitForHealth(second, 60_000);
  const { databaseUrl } = await testDatabase(dataDir);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql.end();
  for (const server of [first, second]) server.child.kill('SIGTERM');
  await Promise.all([first.exited, second.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('two processes on one database', { timeout: 30_000 }, () => {
  it('refreshes on one a session begun on the other, and both see a spent token reused', async () => {
    const session = await logIn(first, USER);
    const renewed = await refresh(second, session.refreshToken);
    expect(renewed.status).toBe(200);
    const { refreshToken } = (await renewed.json()) as { refreshToken: string };
    // The spent token, replayed on the first: the whole family is revoked, on both.
    expect((await refresh(first, session.refreshToken)).status).toBe(401);
    expect((await refresh(second, refreshToken)).status).toBe(401);
  });

  it('refuses on both, from the next request, the access token of a session logged out on one', async () => {
    const session = await logIn(first, USER);
    const educations = (server: ServerProcess) =>
      call(server, 'GET', '/educations', { token: session.accessToken });
    expect((await educations(first)).status).toBe(200);
    expect((await educations(second)).status).toBe(200);
    const loggedOut = await call(second, 'POST', '/users/revoke-token', {
      json: { refreshToken: session.refreshToken },
    });
    expect(loggedOut.status).toBe(204);
    expect((await educations(first)).status).toBe(401);
    expect((await educations(second)).status).toBe(401);
  });

  it('lists on one a course created on the other, at once', async () => {
    const { accessToken } = await logIn(first, ADMIN);
    const listed = async () =>
      ((await (await call(second, 'GET', '/courses')).json()) as { title: string }[]).map(
        (course) => course.title,
      );
    const title = `Tečaj s dva procesa ${Date.now()}`;
    expect(await listed()).not.toContain(title);
    const start = new Date(Date.now() + 10 * 86_400_000);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      Title: title,
      Description: 'Kompozitne ljuskice i izbjeljivanje.',
      CountryIsoCode: 'HR',
      Lecturer: 'dr. Ana Anić',
      Location: 'Osijek',
      StartDate: start.toISOString(),
      EndDate: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      Price: '120.50',
    }))
      form.append(name, value);
    const png = await imageFile('png', 800, 600);
    form.append('Image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'naslovna.png');
    const created = await call(first, 'POST', '/courses', { token: accessToken, form });
    expect(created.status).toBe(201);
    expect(await listed()).toContain(title);
  });

  it('counts a rate limit over both: the fourth reset of one address in an hour is refused', async () => {
    // Three per address and hour (DEFAULT_RATE_LIMITS.passwordResetRequest.perEmail).
    const statuses: number[] = [];
    for (const server of [first, second, first, second]) {
      const recaptchaToken = await solvedRobotCheck(server);
      const response = await call(server, 'POST', '/users/request-password-reset', {
        json: { email: 'ogranicenje@example.com', recaptchaToken },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it('sends a newsletter dispatched by both to every subscriber exactly once', async () => {
    const { accessToken } = await logIn(first, ADMIN);
    const campaign = await sql.query<{ id: number }>(
      'select id from campaigns order by id limit 1',
    );
    const campaignId = campaign.rows[0]?.id ?? 0;
    const emails = Array.from(
      { length: RECIPIENTS },
      (_, index) => `primatelj${index}@example.com`,
    );
    for (const email of emails) {
      await sql.query(
        `insert into campaign_subscriptions
           (campaign_id, email, unsubscribe_token, subscribed_at, ip_address)
         values ($1, $2::text, md5($2::text), now()::text, '127.0.0.1')`,
        [campaignId, email],
      );
    }
    const form = new FormData();
    form.append('ProductTitle', 'Kompozit A2');
    const png = await imageFile('png', 1600, 1000);
    form.append('ProductImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const image = await call(first, 'POST', '/newsletters/image', { token: accessToken, form });
    expect(image.status).toBe(201);
    const { productImageUrl: imageUrl } = (await image.json()) as NewsletterImageResponse;
    const payload = newsletterRequest(campaignId, [imageUrl], new Date());
    const created = await call(second, 'POST', '/newsletters', {
      token: accessToken,
      json: payload,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Due now: both dispatchers find it on their next round.
    await sql.query(`update newsletters set scheduled_at = $1 where id = $2`, [
      new Date(Date.now() - 1000).toISOString(),
      id,
    ]);
    // Which processes hold leases, watched while it sends (a sent row keeps no owner).
    const owners = new Set<string>();
    await expect
      .poll(
        async () => {
          const leases = await sql.query<{ owner: string }>(
            `select distinct lease_owner as owner from newsletter_deliveries
             where newsletter_id = $1 and lease_owner is not null`,
            [id],
          );
          for (const { owner } of leases.rows) owners.add(owner);
          return (await sql.query('select status from newsletters where id = $1', [id])).rows[0]
            ?.status;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe('sent');

    const sent = readdirSync(path.join(dataDir, OUTBOX_FOLDER))
      .map((file) => readFileSync(path.join(dataDir, OUTBOX_FOLDER, file), 'utf8'))
      .filter((message) => message.includes(payload.subject));
    const recipients = sent.map((message) => /^To: (.+)$/m.exec(message)?.[1]?.trim());
    expect(recipients.toSorted()).toEqual(emails.toSorted());
    expect(owners.size).toBe(2);
  }, 90_000);

  it('continues on one an upload begun on the other, taking over its stalled request', async () => {
    const { accessToken } = await logIn(first, ADMIN);
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
    // The first piece must begin like a video (ftyp, moov and the mdat header of an MP4); the
    // rest keeps its pattern, so a piece written at a wrong offset shows.
    const video = mp4Of({ size: bytes.length });
    video.copy(bytes, 0, 0, video.indexOf('mdat') + 4);
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${accessToken}` };
    const created = await fetch(`${first.baseUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length) },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const file = path.join(dataDir, UPLOADS_FOLDER, location.split('/').pop() ?? '');

    // The first process receives a third, then the client stalls without closing.
    const third = 100_000;
    const stalled = new Promise<{ status?: number; offset?: string } | undefined>((resolve) => {
      const patch = httpRequest(new URL(location, first.baseUrl), {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      patch.on('response', (response) => {
        response.resume();
        resolve({
          status: response.statusCode,
          offset: response.headers['upload-offset']?.toString(),
        });
      });
      patch.on('error', () => resolve(undefined));
      patch.write(bytes.subarray(0, third));
    });
    await expect
      .poll(() => existsSync(file) && statSync(file).size, { timeout: 10_000 })
      .toBe(third);

    // The client resumes on the second process: its HEAD makes the first let go.
    const head = await fetch(new URL(location, second.baseUrl), { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(third);
    const rest = await fetch(new URL(location, second.baseUrl), {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(readFileSync(file)).toEqual(bytes);
    // The stalled request was asked to let go, and ended with what it had received.
    expect(await stalled).toEqual({ status: 204, offset: String(third) });
  });
});
