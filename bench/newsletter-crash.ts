/**
 * `npm run bench:newsletter [-- --subscribers 5000 --kills 100 --unsubscribes 50 --rate 200]`:
 * the newsletter dispatcher under crashes (issue 14, docs/decisions/0016). The real server
 * (`server/main.ts`) sends one newsletter to `subscribers` addresses through a local SMTP sink
 * that records recipient, Message-ID and time; the bench SIGKILLs it at `kills` random moments
 * during the send and restarts it each time, while `unsubscribes` recipients unsubscribe through
 * the API at random moments.
 *
 * Reports: missed recipients (goal 0), duplicates against the rows leased at the kills (the
 * messages that can be in flight: pool size per kill; goal: no more), mail accepted after its recipient's unsubscribe
 * was committed (goal 0), total time; and, before the kills, the p99 of GET /api/v1/courses while
 * the dispatcher sends against the p99 while idle before the send and again after it, side by
 * side in this run (goal ratio <= 1.5).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, migrateToLatest, openDatabase } from '../server/db/database.ts';
import { ensureCampaigns, insertSubscription } from '../server/campaigns/store.ts';
import { startSmtpSink } from '../tests/server/support/smtp-sink.ts';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';

const { values: flags } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '5000' },
    kills: { type: 'string', default: '100' },
    unsubscribes: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
  },
});
const SUBSCRIBERS = positive('subscribers');
const KILLS = positive('kills');
const UNSUBSCRIBES = positive('unsubscribes');
const RATE = positive('rate');
const POOL_SIZE = 4;
const LEASE_SECONDS = 5;
const LATENCY_PHASE_MS = 8000;
const LATENCY_CLIENTS = 4;
const HEALTH_TIMEOUT_MS = 60_000;
const RUN_DEADLINE_MS = 60 * 60_000;

function positive(name: keyof typeof flags): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

const CAMPAIGN = 'Catalogs';
const root = mkdtempSync(path.join(tmpdir(), 'bench-newsletter-'));
const dataDir = path.join(root, 'var');
mkdirSync(dataDir);

interface Subscriber {
  id: number;
  email: string;
  token: string;
  /** `performance.timeOrigin + performance.now()` when the unsubscribe was answered 204. */
  unsubscribedAt?: number;
}

const wallNow = () => performance.timeOrigin + performance.now();

async function prepareDatabase(sendAt: Date): Promise<{ subscribers: Subscriber[] }> {
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await ensureCampaigns(db, ['Courses', CAMPAIGN], new Date());
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('name', '=', CAMPAIGN)
      .executeTakeFirstOrThrow();
    const subscribers: Subscriber[] = [];
    for (let index = 0; index < SUBSCRIBERS; index += 1) {
      const email = `primatelj${index}@example.com`;
      const token = `${String(index).padStart(8, '0')}`.padEnd(43, 'x');
      const id = await insertSubscription(db, {
        campaignId: campaign.id,
        email,
        unsubscribeToken: token,
        subscribedAt: new Date(),
        sourcePage: '/katalozi',
        ipAddress: '127.0.0.1',
        userAgent: null,
      });
      if (id === undefined) throw new Error(`${email} twice`);
      subscribers.push({ id, email, token });
    }
    // The newsletter as POST /newsletters stores it; its image files are not needed to send.
    const image = await db
      .insertInto('newsletter_images')
      .values({
        image_key: 'newsletters/aaaaaaaaaaaaaaaaaaaaaa.jpg',
        image_2x_key: 'newsletters/aaaaaaaaaaaaaaaaaaaaaa-2x.jpg',
        title: 'Kompozit',
        uploaded_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newsletter = await db
      .insertInto('newsletters')
      .values({
        subject: 'Dentalia Istaknuta ponuda',
        template_name: 'bench',
        campaign_id: campaign.id,
        heading: 'Istaknuta ponuda',
        body: 'Poštovani,\n\nizdvajamo ponudu.',
        scheduled_at: sendAt.toISOString(),
        status: 'scheduled',
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('newsletter_products')
      .values({
        newsletter_id: newsletter.id,
        position: 0,
        title: 'Kompozit A2',
        price_cents: 2490,
        image_id: image.id,
      })
      .execute();
    return { subscribers };
  } finally {
    await db.destroy();
  }
}

/**
 * Read-only look at the ledger (the server may be dead or alive: WAL lets both read);
 * `leasedBy` counts the rows leased by process `pid` (lease owners are `host.pid.run`).
 */
function ledger(pid = 0): { sending: number; leasedBy: number; open: number; status: string } {
  const sqlite = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const count = (state: string) =>
      Number(
        (
          sqlite
            .prepare('select count(*) as count from newsletter_deliveries where state = ?')
            .get(state) as { count: number }
        ).count,
      );
    const status =
      (sqlite.prepare('select status from newsletters limit 1').get() as { status: string })
        ?.status ?? 'missing';
    const leasedBy = Number(
      (
        sqlite
          .prepare(
            "select count(*) as count from newsletter_deliveries where state = 'sending' and lease_owner like ?",
          )
          .get(`%.${pid}.%`) as { count: number }
      ).count,
    );
    return {
      sending: count('sending'),
      leasedBy,
      open: count('pending') + count('sending'),
      status,
    };
  } finally {
    sqlite.close();
  }
}

async function start(smtpUrl: string): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    NEWSLETTER_MESSAGES_PER_SECOND: String(RATE),
    NEWSLETTER_SMTP_POOL_SIZE: String(POOL_SIZE),
    NEWSLETTER_LEASE_SECONDS: String(LEASE_SECONDS),
    LOG_LEVEL: 'error',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  await waitForHealth(server, HEALTH_TIMEOUT_MS);
  return server;
}

/** Latencies (ms) of GET /courses from `clients` sequential clients during `ms`. */
async function courseLatencies(baseUrl: string, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: LATENCY_CLIENTS }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        const response = await fetch(`${baseUrl}/api/v1/courses`);
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - begun);
      }
    }),
  );
  return latencies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function unsubscribe(baseUrl: string, subscriber: Subscriber, campaignId: number) {
  const response = await fetch(`${baseUrl}/api/v1/campaigns/subscriptions`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: subscriber.email,
      campaignId,
      unsubscribeToken: subscriber.token,
    }),
  }).catch(() => undefined);
  // Answered 204: committed before the answer. Any other outcome: not counted as unsubscribed.
  if (response?.status === 204) subscriber.unsubscribedAt = wallNow();
  await response?.arrayBuffer();
}

async function main() {
  exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:newsletter');
  const sink = await startSmtpSink();
  const began = performance.now();
  // Due after the idle measurement; the first start seeds the demo accounts first.
  const sendAt = new Date(Date.now() + 30_000 + LATENCY_PHASE_MS);
  const { subscribers } = await prepareDatabase(sendAt);
  let server = await start(sink.url);
  const campaignId = Number(
    (
      (await (await fetch(`${server.baseUrl}/api/v1/campaigns/by-name/${CAMPAIGN}`)).json()) as {
        id: number;
      }
    ).id,
  );

  const idle = await courseLatencies(server.baseUrl, LATENCY_PHASE_MS);
  while (Date.now() < sendAt.getTime()) await sleep(100);
  const sendStarted = performance.now();
  const sending = await courseLatencies(server.baseUrl, LATENCY_PHASE_MS);
  const sentBeforeKills = sink.received.length;

  // Unsubscribe at random moments of the kill phase: spread over the kills by index.
  const leavers = [...subscribers].sort(() => Math.random() - 0.5).slice(0, UNSUBSCRIBES);
  const leaveAtKill = leavers.map(() => Math.floor(Math.random() * KILLS));
  let leasedAtKills = 0;
  let killsWithLeasedRows = 0;
  let kills = 0;
  const remainingSend = ((SUBSCRIBERS - sentBeforeKills) / RATE) * 1000;
  const meanUp = Math.max(50, remainingSend / KILLS);
  while (kills < KILLS && ledger().open > 0) {
    const upFor = Math.random() * 2 * meanUp;
    const leaving = leavers.filter((_, index) => leaveAtKill[index] === kills);
    const current = server;
    await Promise.all([
      sleep(upFor),
      ...leaving.map(async (subscriber) => {
        await sleep(Math.random() * upFor);
        await unsubscribe(current.baseUrl, subscriber, campaignId);
      }),
    ]);
    server.child.kill('SIGKILL');
    await server.exited;
    kills += 1;
    // Leased by the killed process itself: its mail in flight is among these.
    const leased = ledger(current.child.pid).leasedBy;
    leasedAtKills += leased;
    if (leased > 0) killsWithLeasedRows += 1;
    server = await start(sink.url);
  }
  // The leavers whose moment never came (the send finished first) leave now.
  for (const [index, subscriber] of leavers.entries()) {
    if ((leaveAtKill[index] ?? 0) >= kills && subscriber.unsubscribedAt === undefined) {
      await unsubscribe(server.baseUrl, subscriber, campaignId);
    }
  }
  const deadline = Date.now() + 10 * 60_000;
  while (ledger().status !== 'sent' && Date.now() < deadline) await sleep(250);
  const totalSeconds = (performance.now() - sendStarted) / 1000;
  // Idle again, after the send: the machine's load drifts, so idle is measured on both sides.
  const idleAfter = await courseLatencies(server.baseUrl, LATENCY_PHASE_MS);
  server.child.kill('SIGTERM');
  await server.exited;
  await sink.close();

  const byRecipient = new Map<string, { count: number; ids: Set<string>; first: number }>();
  for (const mail of sink.received) {
    const seen = byRecipient.get(mail.to) ?? { count: 0, ids: new Set(), first: mail.at };
    seen.count += 1;
    seen.ids.add(mail.messageId);
    seen.first = Math.min(seen.first, mail.at);
    byRecipient.set(mail.to, seen);
  }
  const stayed = subscribers.filter((subscriber) => subscriber.unsubscribedAt === undefined);
  const missed = stayed.filter((subscriber) => !byRecipient.has(subscriber.email)).length;
  const duplicates = sink.received.length - byRecipient.size;
  const duplicateIdsDiffer = [...byRecipient.values()].filter((seen) => seen.ids.size > 1).length;
  const afterUnsubscribe = sink.received.filter((mail) => {
    const subscriber = subscribers.find((candidate) => candidate.email === mail.to);
    return subscriber?.unsubscribedAt !== undefined && mail.at > subscriber.unsubscribedAt;
  }).length;
  const idleP99 = percentile(idle, 99);
  const sendingP99 = percentile(sending, 99);
  const idleAfterP99 = percentile(idleAfter, 99);
  const report = {
    subscribers: SUBSCRIBERS,
    rate: RATE,
    poolSize: POOL_SIZE,
    leaseSeconds: LEASE_SECONDS,
    kills,
    unsubscribed: subscribers.length - stayed.length,
    status: ledger().status,
    mailsAccepted: sink.received.length,
    missed,
    duplicates,
    // At most pool-size messages are between the hand-off to SMTP and their row marked sent.
    inFlightAtKills: kills * POOL_SIZE,
    leasedAtKills,
    killsWithLeasedRows,
    duplicatesWithDifferentMessageIds: duplicateIdsDiffer,
    mailAfterUnsubscribeCommitted: afterUnsubscribe,
    sendSeconds: Number(totalSeconds.toFixed(1)),
    benchSeconds: Number(((performance.now() - began) / 1000).toFixed(1)),
    coursesP99Ms: {
      idle: Number(idleP99.toFixed(1)),
      sending: Number(sendingP99.toFixed(1)),
      idleAfter: Number(idleAfterP99.toFixed(1)),
      ratio: Number((sendingP99 / idleP99).toFixed(2)),
      ratioToIdleAfter: Number((sendingP99 / idleAfterP99).toFixed(2)),
      medianIdle: Number(percentile(idle, 50).toFixed(1)),
      medianSending: Number(percentile(sending, 50).toFixed(1)),
      medianIdleAfter: Number(percentile(idleAfter, 50).toFixed(1)),
      requests: { idle: idle.length, sending: sending.length, idleAfter: idleAfter.length },
    },
  };
  console.log(JSON.stringify(report, null, 2));
  rmSync(root, { recursive: true, force: true });
  const ok =
    missed === 0 &&
    duplicates <= report.inFlightAtKills &&
    afterUnsubscribe === 0 &&
    duplicateIdsDiffer === 0 &&
    report.status === 'sent';
  process.exit(ok ? 0 : 1);
}

await main();
