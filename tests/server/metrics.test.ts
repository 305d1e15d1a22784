/**
 * `GET /metrics` (issue 31): Prometheus's text format, read back by a parser that is not the
 * library writing it; who may scrape (a bearer token, or loopback without a proxy); and what it
 * counts: requests by route pattern and status, load shedding, mail, and the database's gauges.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/http/errors.ts';
import { UNMATCHED_ROUTE } from '../../server/metrics/instrument.ts';
import { isLoopback, METRICS_PATH } from '../../server/metrics/routes.ts';
import { insertPartner } from '../../server/partners/store.ts';
import { insertTranscode } from '../../server/transcodes/store.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';
import { insertUnfinishedUpload, insertVideoUpload } from '../../server/uploads/store.ts';
import {
  postJson,
  recordedMail,
  recordingMailer,
  seedAccounts,
  solveRobotCheck,
  testClock,
  USER,
} from './support/accounts.ts';
import { readPrometheusText, type Family } from './support/prometheus-text.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';
import { insertUploadedEducation } from './support/uploaded-education.ts';

const tempDir = useTempDir();
let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

const TOKEN = 'a-scraper-token-of-32-characters';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

async function start(env: Record<string, string> = {}, mailer = recordingMailer()) {
  testApp = await createTestApp(tempDir(), { env, mailer });
  return testApp;
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: METRICS_PATH, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
  return readPrometheusText(response.body);
}

function family(families: Family[], name: string): Family {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
}

/** The value of the first sample of `name` (the exact series name) with these labels. */
const sample = (families: Family[], name: string, labels: Record<string, string>) =>
  families
    .flatMap((candidate) => candidate.samples)
    .find(
      (metric) =>
        metric.name === name &&
        Object.entries(labels).every(([key, value]) => metric.labels[key] === value),
    )?.value;

describe('GET /metrics', () => {
  it('counts each request it served under its route pattern and status, with its latency', async () => {
    const { app } = await start();
    await app.inject({ method: 'GET', url: '/api/v1/courses' });
    await app.inject({ method: 'GET', url: '/api/v1/courses' });
    await app.inject({ method: 'GET', url: '/api/v1/educations/7' });
    await app.inject({ method: 'GET', url: '/no/such/address' });
    const families = await scrape(app);

    const courses = { method: 'GET', route: '/api/v1/courses' };
    expect(sample(families, 'http_requests_total', { ...courses, status: '200' })).toBe(2);
    // The pattern, never the address: one series however many ids are asked for.
    expect(sample(families, 'http_requests_total', { route: '/api/v1/educations/:id' })).toBe(1);
    expect(sample(families, 'http_requests_total', { route: UNMATCHED_ROUTE, status: '404' })).toBe(
      1,
    );
    expect(family(families, 'http_request_duration_seconds').type).toBe('histogram');
    expect(sample(families, 'http_request_duration_seconds_count', courses)).toBe(2);
    expect(
      sample(families, 'http_request_duration_seconds_bucket', { ...courses, le: '+Inf' }),
    ).toBe(2);
  });

  it('reports the process: event-loop delay, heap and resident memory', async () => {
    const { app } = await start();
    const families = await scrape(app);
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(sample(families, name, {}), name).toBeGreaterThan(0);
    }
    expect(sample(families, 'http_load_shed_total', {})).toBe(0);
  });

  it('counts the requests load shedding turned away, and is answered under pressure itself', async () => {
    const { app } = await start({ PRESSURE_MAX_HEAP_USED_MIB: '1' });
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(503);
    const families = await scrape(app);
    expect(sample(families, 'http_load_shed_total', {})).toBeGreaterThan(0);
    expect(
      sample(families, 'http_requests_total', { route: '/api/v1/health', status: '503' }),
    ).toBeGreaterThan(0);
  });

  it('counts mails sent and failed', async () => {
    const mailer = recordingMailer();
    const { app, db, config } = await start({}, mailer);
    await seedAccounts(db, config.dataDir, testClock().now);
    const requestReset = async () =>
      postJson(app, '/users/request-password-reset', {
        email: USER,
        recaptchaToken: await solveRobotCheck(app),
      });
    expect((await requestReset()).statusCode).toBe(204);
    await recordedMail(mailer, 1);
    mailer.failNext = true;
    expect((await requestReset()).statusCode).toBe(204);
    // The reset mail goes out after the answer (background task): its failure is counted then.
    await expect
      .poll(async () => sample(await scrape(app), 'mails_total', { outcome: 'failed' }))
      .toBe(1);
    const families = await scrape(app);
    expect(sample(families, 'mails_total', { kind: 'transactional', outcome: 'sent' })).toBe(1);
    expect(sample(families, 'mails_total', { kind: 'newsletter', outcome: 'sent' })).toBe(0);
  });

  it('reads unfinished video uploads and newsletter deliveries from the database', async () => {
    const { app, db, config } = await start();
    expect(sample(await scrape(app), 'video_uploads_unfinished', {})).toBe(0);
    // The upload row names its administrator: the demo accounts come first.
    await seedAccounts(db, config.dataDir, testClock().now);
    const [administrator] = await db.selectFrom('users').select('id').orderBy('id').execute();
    await insertVideoUpload(db, 'a'.repeat(32), administrator?.id ?? 0, new Date());
    await insertUnfinishedUpload(db, 'a'.repeat(32), 5_000_000_000);
    const families = await scrape(app);
    expect(sample(families, 'video_uploads_unfinished', {})).toBe(1);
    expect(sample(families, 'video_uploads_declared_bytes', {})).toBe(5_000_000_000);
    expect(family(families, 'newsletter_deliveries').type).toBe('gauge');
  });

  it('reads the transcode queue by state, naming the states without jobs', async () => {
    const { app, db } = await start();
    const read = async () => {
      const families = await scrape(app);
      return Object.fromEntries(
        ['queued', 'processing', 'ready', 'failed'].map((state) => [
          state,
          sample(families, 'video_transcodes', { state }),
        ]),
      );
    };
    expect(await read()).toEqual({ queued: 0, processing: 0, ready: 0, failed: 0 });
    const at = new Date().toISOString();
    const partner = await insertPartner(db, {
      name: 'Partner',
      name_key: 'partner',
      website_url: 'https://partner.example',
      logo_key: 'partners/1.webp',
      logo_card_key: 'partners/1-card.webp',
      created_at: at,
    });
    for (const title of ['Prvo', 'Drugo', 'Treće']) {
      const videoKey = `${newStreamKey()}.mp4`;
      const educationId = await insertUploadedEducation(db, {
        title,
        description: 'Opis',
        lecturer: 'Predavač',
        country_iso_code: 'HR',
        partner_id: partner?.id ?? 0,
        videoKey,
        createdAt: new Date(at),
      });
      await insertTranscode(db, {
        educationId,
        videoKey,
        streamKey: newStreamKey(),
        at: new Date(at),
        ...(title === 'Treće' && { published: [360] }),
      });
    }
    expect(await read()).toEqual({ queued: 2, processing: 0, ready: 1, failed: 0 });
  });
});

describe('who may scrape', () => {
  it('without METRICS_TOKEN: loopback only, and not through a proxy', async () => {
    const { app } = await start();
    await scrape(app);
    const outside = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      remoteAddress: '203.0.113.9',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ errors: [MESSAGES.forbidden] });
    const proxied = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: only a request bearing it, from anywhere, loopback included', async () => {
    const { app } = await start({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ errors: [MESSAGES.unauthenticated] });
    }
    const outside = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(outside.statusCode).toBe(200);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['1270.0.0.1', false],
    ['', false],
  ])('reads %j as loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
