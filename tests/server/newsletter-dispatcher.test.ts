/**
 * The newsletter dispatcher (issue 14) against a real SMTP server on loopback that accepts,
 * defers and refuses on command, with the fixture's clock: due newsletters only, the mail's
 * headers and parts, retries with backoff, permanent failures, a crash's expired leases sent
 * again with the same Message-ID and flagged uncertain, unsubscribing after the snapshot, two
 * dispatchers on one database, cancelling, and start/stop.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewsletterSummary } from '../../src/api/contract.ts';
import { insertSubscription } from '../../server/campaigns/store.ts';
import { claimDueNewsletter, leaseDeliveries } from '../../server/newsletters/deliveries.ts';
import {
  newsletterDispatcher,
  type NewsletterDispatcher,
} from '../../server/jobs/newsletter-dispatcher.ts';
import { createBulkMailer, type BulkMailer } from '../../server/mail/bulk-mailer.ts';
import { mjmlWorkerPool, type MjmlCompiler } from '../../server/newsletters/mjml-pool.ts';
import { renderedNewsletters } from '../../server/newsletters/rendered-newsletters.ts';
import { newsletterMailContent } from '../../server/newsletters/service.ts';
import { EMPLOYEE, login } from './support/accounts.ts';
import {
  campaignIdByName,
  createNewsletter,
  newsletterRequest,
  uploadNewsletterImage,
} from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

const HOUR = 3_600_000;
const LEASE_SECONDS = 60;
const RETRY_BASE_MS = 30_000;
const server = useServer({ seedAccounts: true });
const silent = { info() {}, warn() {}, error() {} };
const mjmlCompiler = mjmlWorkerPool();
afterAll(() => mjmlCompiler.close());
const renders = (compiler: Pick<MjmlCompiler, 'compile'> = mjmlCompiler) =>
  renderedNewsletters({ publicUrl: server.config.publicUrl, brand: server.config.brand }, compiler);

let sink: SmtpSink;
let session: { token: string; at: number };
let campaignId: number;
const mailers: BulkMailer[] = [];

beforeEach(async () => {
  sink = await startSmtpSink();
  session = { token: (await login(server.app, EMPLOYEE)).accessToken, at: Date.now() };
  campaignId = await campaignIdByName(server.app, 'Catalogs');
});
afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  await sink.close();
});

/** The employee's access token, renewed once the clock has moved past its 15 minutes. */
async function staffToken(): Promise<string> {
  if (server.clock.now().getTime() - session.at > 10 * 60_000) {
    session = {
      token: (await login(server.app, EMPLOYEE)).accessToken,
      at: server.clock.now().getTime(),
    };
  }
  return session.token;
}

function bulkMailer(): BulkMailer {
  const mailer = createBulkMailer({
    smtpUrl: sink.url,
    from: server.config.mailFrom,
    dataDir: server.dataDir,
    now: server.clock.now,
    sending: { smtpPoolSize: 2 },
  });
  mailers.push(mailer);
  return mailer;
}

function dispatcher({
  mailer = bulkMailer(),
  smtpPoolSize = 2,
  messagesPerSecond = 1000,
  renderedNewsletters = renders(),
} = {}): NewsletterDispatcher {
  return newsletterDispatcher({
    db: server.db,
    config: {
      ...server.config,
      newsletters: { messagesPerSecond, smtpPoolSize, leaseSeconds: LEASE_SECONDS },
    },
    media: { url: (key) => `/media/${key}` },
    mailer,
    now: server.clock.now,
    log: silent,
    renderedNewsletters,
    retryBaseMs: RETRY_BASE_MS,
    maxAttempts: 3,
  });
}

/** Active subscriptions with their ids, stored as the subscription route stores them. */
async function subscribe(...emails: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const email of emails) {
    const id = await insertSubscription(server.db, {
      campaignId,
      email,
      unsubscribeToken: `${email.replace(/\W/g, '')}`.padEnd(43, 't').slice(0, 43),
      subscribedAt: server.clock.now(),
      sourcePage: '/katalozi',
      ipAddress: '127.0.0.1',
      userAgent: null,
    });
    if (id === undefined) throw new Error(`${email} is subscribed already`);
    ids.set(email, id);
  }
  return ids;
}

async function scheduleNewsletter(): Promise<NewsletterSummary> {
  const token = await staffToken();
  const image = await uploadNewsletterImage(server.app, token);
  return createNewsletter(
    server.app,
    token,
    newsletterRequest(campaignId, [image.productImageUrl], server.clock.now()),
  );
}

async function summary(id: number): Promise<NewsletterSummary | undefined> {
  const response = await server.app.inject({
    url: '/api/v1/newsletters',
    headers: { authorization: `Bearer ${await staffToken()}` },
  });
  return response.json<NewsletterSummary[]>().find((newsletter) => newsletter.id === id);
}

const recipients = () => sink.received.map((mail) => mail.to).sort();

describe('sending a due newsletter', () => {
  it('waits for the scheduled time, then sends each subscriber one complete mail', async () => {
    const ids = await subscribe('ana@example.com', 'ivo@example.com', 'mia@example.com');
    const newsletter = await scheduleNewsletter();
    const worker = dispatcher();
    expect(await worker.runOnce()).toBe(0);
    server.clock.advance(HOUR - 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(sink.received).toEqual([]);

    server.clock.advance(1000);
    expect(await worker.runOnce()).toBe(3);
    expect(recipients()).toEqual(['ana@example.com', 'ivo@example.com', 'mia@example.com']);
    const mail = sink.received.find((received) => received.to === 'ivo@example.com');
    expect(mail?.messageId).toBe(
      `<newsletter-${newsletter.id}-${ids.get('ivo@example.com')}@localhost>`,
    );
    expect(mail?.headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/v1\/campaigns\/subscriptions\/one-click\?email=ivo%40example\.com&campaignId=\d+&unsubscribeToken=\w+>/m,
    );
    expect(mail?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    expect(mail?.raw).toContain(`Subject: ${newsletter.subject}`);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sent',
      counts: { pending: 0, sent: 3, failed: 0, skipped: 0, cancelled: 0, uncertain: 0 },
    });
    expect(await worker.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(3);
  });

  it('keeps to the configured rate over the SMTP pool: one pace, the pool adds none', async () => {
    const perSecond = 20;
    await subscribe(...Array.from({ length: 6 }, (_, i) => `pace${i}@example.com`));
    await scheduleNewsletter();
    server.clock.advance(HOUR);
    const worker = dispatcher({ messagesPerSecond: perSecond, smtpPoolSize: 3 });
    const started = performance.timeOrigin + performance.now();
    expect(await worker.runOnce()).toBe(6);
    const last = Math.max(...sink.received.map((mail) => mail.at));
    // Six sends start one interval apart, so the last arrives five intervals after the round
    // began at the earliest (a lower bound: a slow machine only makes it later).
    expect(last - started).toBeGreaterThanOrEqual((5 * 1000) / perSecond);
  });

  it('sends the render a preview of the same version made, compiling nothing again', async () => {
    await subscribe('ana@example.com', 'ivo@example.com');
    const newsletter = await scheduleNewsletter();
    const compiled: string[] = [];
    // Numbers its renders, and keeps the template's text so the unsubscribe marker is there.
    const shared = renders({
      compile(mjml) {
        compiled.push(mjml);
        return Promise.resolve({ html: `<p>render-${compiled.length}</p>${mjml}`, errors: [] });
      },
    });
    const media = { url: (key: string) => `/media/${key}` };
    const content = await newsletterMailContent(
      { db: server.db, config: server.config, media },
      newsletter.id,
    );
    if (content === undefined) throw new Error('the newsletter is gone');
    await shared.render(content);
    server.clock.advance(HOUR);
    expect(await dispatcher({ renderedNewsletters: shared }).runOnce()).toBe(2);
    expect(recipients()).toEqual(['ana@example.com', 'ivo@example.com']);
    expect(compiled).toHaveLength(1);
    for (const mail of sink.received) expect(mail.raw).toContain('render-1');
  });

  it('retries a deferred recipient with backoff and fails a refused one at once', async () => {
    await subscribe('ana@example.com', 'ivo@example.com', 'mia@example.com');
    const newsletter = await scheduleNewsletter();
    sink.answer('ana@example.com', 'defer');
    sink.answer('ivo@example.com', 'refuse');
    const worker = dispatcher();
    server.clock.advance(HOUR);
    await worker.runOnce();
    expect(recipients()).toEqual(['mia@example.com']);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sending',
      counts: { pending: 1, sent: 1, failed: 1 },
    });

    server.clock.advance(RETRY_BASE_MS - 1000);
    expect(await worker.runOnce()).toBe(0);
    server.clock.advance(1000);
    expect(await worker.runOnce()).toBe(1);
    expect(recipients()).toEqual(['mia@example.com']);

    sink.answer('ana@example.com', 'accept');
    server.clock.advance(2 * RETRY_BASE_MS);
    expect(await worker.runOnce()).toBe(1);
    expect(recipients()).toEqual(['ana@example.com', 'mia@example.com']);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sent',
      counts: { pending: 0, sent: 2, failed: 1, uncertain: 0 },
    });
  });

  it('marks an address refused with a 5xx undeliverable, shown with the reason and left out of later sends; a 4xx is retried and kept', async () => {
    await subscribe('ana@example.com', 'ivo@example.com', 'mia@example.com');
    const first = await scheduleNewsletter();
    sink.answer('ana@example.com', 'defer');
    sink.answer('ivo@example.com', 'refuse');
    const worker = dispatcher();
    server.clock.advance(HOUR);
    await worker.runOnce();
    expect((await summary(first.id))?.undeliverable).toEqual([
      { email: 'ivo@example.com', reason: expect.stringMatching(/^.*550.*No such user/) as string },
    ]);
    // Ana's 450 never became a hard bounce: retried until the attempts ran out, still subscribed.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      server.clock.advance(HOUR);
      await worker.runOnce();
    }
    expect(await summary(first.id)).toMatchObject({
      status: 'sent',
      counts: { sent: 1, failed: 2 },
      undeliverable: [{ email: 'ivo@example.com' }],
    });

    sink.answer('ana@example.com', 'accept');
    sink.answer('ivo@example.com', 'accept');
    sink.received.length = 0;
    const second = await scheduleNewsletter();
    server.clock.advance(2 * HOUR);
    await worker.runOnce();
    expect(recipients()).toEqual(['ana@example.com', 'mia@example.com']);
    expect(await summary(second.id)).toMatchObject({
      status: 'sent',
      counts: { sent: 2, failed: 0, skipped: 0 },
      undeliverable: [],
    });
    // Two newsletters and five rounds: longer than one send on two shared cores.
  }, 30_000);

  it('gives up on a recipient deferred at every attempt', async () => {
    await subscribe('ana@example.com');
    const newsletter = await scheduleNewsletter();
    sink.answer('ana@example.com', 'defer');
    const worker = dispatcher();
    server.clock.advance(HOUR);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      server.clock.advance(HOUR);
    }
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sent',
      counts: { pending: 0, sent: 0, failed: 1 },
    });
  });
});

describe('after a crash', () => {
  it('sends the recipients of an expired lease again, with the same Message-ID, flagged uncertain', async () => {
    await subscribe('ana@example.com', 'ivo@example.com');
    const newsletter = await scheduleNewsletter();
    server.clock.advance(HOUR);
    // A process that claimed, leased, handed Ana's mail to SMTP and died before marking it.
    expect(await claimDueNewsletter(server.db, 'dead-process', server.clock.now())).toBe(
      newsletter.id,
    );
    const leased = await leaseDeliveries(
      server.db,
      'dead-process',
      server.clock.now(),
      LEASE_SECONDS * 1000,
      10,
    );
    expect(leased).toHaveLength(2);
    const crashed = dispatcher();
    sink.answer('ivo@example.com', 'defer');
    // The dead process's send, made by hand: its message id is the one any send makes.
    const worker = dispatcher();
    expect(await worker.runOnce()).toBe(0);
    server.clock.advance(LEASE_SECONDS * 1000);
    sink.answer('ivo@example.com', 'accept');
    await bulkMailer().send({
      to: 'ana@example.com',
      subject: 'x',
      text: 'x',
      html: 'x',
      messageId: `<newsletter-${newsletter.id}-${leased[0]?.subscription_id}@localhost>`,
    });
    expect(await crashed.runOnce()).toBe(2);
    expect(recipients()).toEqual(['ana@example.com', 'ana@example.com', 'ivo@example.com']);
    const anas = sink.received.filter((mail) => mail.to === 'ana@example.com');
    expect(anas[0]?.messageId).toBe(anas[1]?.messageId);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sent',
      counts: { pending: 0, sent: 2, uncertain: 2 },
    });
  });

  it('never sends to a subscriber who unsubscribed after the snapshot', async () => {
    await subscribe('ana@example.com', 'ivo@example.com');
    const newsletter = await scheduleNewsletter();
    server.clock.advance(HOUR);
    await claimDueNewsletter(server.db, 'other-process', server.clock.now());
    const answer = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/campaigns/subscriptions',
      payload: {
        email: 'ivo@example.com',
        campaignId,
        unsubscribeToken: 'ivoexamplecom'.padEnd(43, 't'),
      },
    });
    expect(answer.statusCode, answer.body).toBe(204);
    await dispatcher().runOnce();
    expect(recipients()).toEqual(['ana@example.com']);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'sent',
      counts: { sent: 1, skipped: 1 },
    });
  });
});

describe('processes sharing the database', () => {
  // Two dispatchers of their own (owners, leases, pools) interleaving their rounds; one
  // connection, since node:sqlite blocks its thread while another connection holds the lock.
  it('two dispatchers racing send each recipient once and claim the newsletter once', async () => {
    const emails = Array.from({ length: 12 }, (_, index) => `pretplatnik${index}@example.com`);
    await subscribe(...emails);
    const newsletter = await scheduleNewsletter();
    server.clock.advance(HOUR);
    const [first, second] = [dispatcher(), dispatcher()];
    await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
    while ((await first.runOnce()) + (await second.runOnce()) > 0);
    expect(recipients()).toEqual([...emails].sort());
    expect(await summary(newsletter.id)).toMatchObject({ status: 'sent', counts: { sent: 12 } });
  });
});

describe('cancelling', () => {
  async function cancel(id: number): Promise<void> {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/v1/newsletters/${id}/cancel`,
      headers: { authorization: `Bearer ${await staffToken()}` },
    });
    expect(answer.statusCode, answer.body).toBe(204);
  }

  it('stops a scheduled newsletter before and a sending one during its send', async () => {
    await subscribe('ana@example.com', 'ivo@example.com');
    const early = await scheduleNewsletter();
    const late = await scheduleNewsletter();
    await cancel(early.id);
    server.clock.advance(HOUR);
    await claimDueNewsletter(server.db, 'other-process', server.clock.now());
    await cancel(late.id);
    expect(await dispatcher().runOnce()).toBe(0);
    expect(sink.received).toEqual([]);
    expect(await summary(early.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, cancelled: 0 },
    });
    expect(await summary(late.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, sent: 0, cancelled: 2, uncertain: 0 },
    });
  });

  it("closes the rows waiting for a retry at once and a dead process's lease once it runs out", async () => {
    await subscribe('ana@example.com', 'ivo@example.com', 'mia@example.com');
    const newsletter = await scheduleNewsletter();
    server.clock.advance(HOUR);
    await claimDueNewsletter(server.db, 'dead-process', server.clock.now());
    const now = server.clock.now();
    expect(await leaseDeliveries(server.db, 'dead-process', now, LEASE_SECONDS * 1000, 1)).toEqual([
      expect.objectContaining({ attempts: 1 }),
    ]);
    sink.answer('ivo@example.com', 'defer');
    const worker = dispatcher();
    expect(await worker.runOnce()).toBe(2);
    expect(recipients()).toEqual(['mia@example.com']);

    await cancel(newsletter.id);
    // Ana's mail may be on its way from the dead process: hers stays open until its lease ends.
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 1, sent: 1, cancelled: 1, uncertain: 0 },
    });
    server.clock.advance(LEASE_SECONDS * 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(recipients()).toEqual(['mia@example.com']);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, sent: 1, failed: 0, cancelled: 2, uncertain: 1 },
    });
  });

  it('lets the send in flight finish and sends nothing more of the leased batch', async () => {
    await subscribe('ana@example.com', 'ivo@example.com', 'mia@example.com');
    const newsletter = await scheduleNewsletter();
    server.clock.advance(HOUR);
    const smtp = bulkMailer();
    // Staff cancel while Ana's mail is being handed to the SMTP server.
    const cancellingMidSend: BulkMailer = {
      async send(message) {
        if (sink.received.length === 0) await cancel(newsletter.id);
        return smtp.send(message);
      },
      close: () => smtp.close(),
    };
    const worker = dispatcher({ mailer: cancellingMidSend, smtpPoolSize: 1 });
    expect(await worker.runOnce()).toBe(3);
    expect(recipients()).toEqual(['ana@example.com']);
    expect(await summary(newsletter.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, sent: 1, cancelled: 2, uncertain: 0 },
    });
    expect(await worker.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(1);
  });
});

describe('running on its own', () => {
  it('sends a due newsletter between start and stop, then stops', async () => {
    await subscribe('ana@example.com');
    await scheduleNewsletter();
    server.clock.advance(HOUR);
    const worker = newsletterDispatcher({
      db: server.db,
      config: server.config,
      media: { url: (key) => `/media/${key}` },
      mailer: bulkMailer(),
      now: server.clock.now,
      log: silent,
      renderedNewsletters: renders(),
      idlePollMs: 20,
    });
    worker.start();
    await expect.poll(() => recipients()).toEqual(['ana@example.com']);
    await worker.stop();
  });
});
