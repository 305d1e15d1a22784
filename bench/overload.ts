/**
 * `npm run build && npm run bench:overload [-- --minutes 10]`: what the server does when more
 * is asked of it than it can give. The real server (`server/main.ts`, production mode, the
 * built SPA, default load-shedding limits) runs on a temporary data folder with 200 extra
 * users. autocannon then sends a mixed load at rising concurrency, one stage per level,
 * together lasting `--minutes`: page loads (the HTML of three pages and the main script), the
 * course list, logins and newsletter subscriptions.
 *
 * Logins and subscriptions carry real ALTCHA solutions, solved before the load starts (the
 * browser's work, not the server's) and shared out among the stages; once a stage has used its
 * share, those slots load a page instead. Each comes from its own client address. Expected
 * answers are 2xx, 304, 429 (rate limits) and 503 (load shedding); anything else, and every
 * timeout or connection error, is reported. The server's peak resident memory comes from
 * /proc (VmHWM). Loopback only; every stage and the whole run are bounded in time.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { REQUEST_TIMEOUT_MS, solvedRobotCheck } from './support/api-client.ts';
import { benchEmail, clientAddress, pool, seedUsers } from './support/users.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';

const { values: flags } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const MINUTES = Number(flags.minutes);
if (!(MINUTES > 0 && MINUTES <= 60)) throw new Error('--minutes must be between 0 and 60');

const CONCURRENCY = [8, 32, 64, 128, 256, 512, 1024];
const STAGE_SECONDS = Math.max(5, Math.round((MINUTES * 60) / CONCURRENCY.length));
const USERS = 200;
/** Solved before the load; a stage's share is spent at its start. */
const ROBOT_CHECKS = 420;
const SOLVERS = 2;
/** A client that waited this long has given up: counted as a timeout. */
const TIMEOUT_SECONDS = 10;
const RSS_GOAL_MIB = 512;
const RUN_DEADLINE_MS = (MINUTES * 60 + 20 * 60) * 1000;
const EXPECTED = new Set([200, 204, 304, 429, 503]);

type Kind = 'page' | 'list' | 'login' | 'subscribe';
/** What a login or subscription slot sent: a page once its stage's solutions are spent. */
interface SlotContext {
  kind: Kind;
}

interface Stage {
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Map<number, number>;
  byKind: Record<Kind, number>;
  timeouts: number;
  errors: number;
  peakRssMib: number;
}

function residentMib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

/** The built SPA's main script, loaded with every page like a browser would. */
function mainScript(): string {
  const html = readFileSync(path.join(PROJECT_ROOT, 'dist', 'index.html'), 'utf8');
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (script === undefined) throw new Error('no built SPA: run `npm run build` first');
  return script;
}

interface Tokens {
  login: string[];
  subscribe: string[];
}

/** Numbers logins and subscriptions across stages: an e-mail and address each. */
let sequence = 0;

function mixedRequests(stage: Stage, tokens: Tokens, password: string, campaignId: number) {
  const tally = (kind: Kind) => (status: number) => {
    stage.byKind[kind]++;
    stage.statuses.set(status, (stage.statuses.get(status) ?? 0) + 1);
  };
  const page = (pathName: string, accept = 'text/html'): Request => ({
    method: 'GET',
    path: pathName,
    headers: { accept, 'accept-encoding': 'br, gzip' },
    onResponse: tally('page'),
  });
  const withToken = (kind: 'login' | 'subscribe', body: (index: number, token: string) => object) =>
    ({
      method: 'POST',
      path: kind === 'login' ? '/api/v1/users/login' : '/api/v1/campaigns/subscriptions',
      setupRequest: (request, context) => {
        const token = tokens[kind].pop();
        (context as SlotContext).kind = token === undefined ? 'page' : kind;
        if (token === undefined) return { ...request, ...page('/tecajevi'), body: undefined };
        const index = sequence++;
        return {
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(index) },
          body: JSON.stringify(body(index, token)),
        };
      },
      onResponse: (status, _body, context) => tally((context as SlotContext).kind)(status),
    }) satisfies Request;
  const script = mainScript();
  const list: Request = {
    method: 'GET',
    path: '/api/v1/courses',
    headers: { 'accept-encoding': 'br, gzip' },
    onResponse: tally('list'),
  };
  return [
    page('/'),
    page(script, '*/*'),
    list,
    withToken('login', (index, recaptchaToken) => ({
      email: benchEmail(index % USERS),
      password,
      recaptchaToken,
    })),
    page('/tecajevi'),
    list,
    withToken('subscribe', (index, recaptchaToken) => ({
      email: `pretplata-${index}@example.com`,
      campaignId,
      recaptchaToken,
    })),
    page('/info'),
    list,
  ];
}

async function runStage(
  server: ServerProcess,
  connections: number,
  tokens: Tokens,
  password: string,
  campaignId: number,
): Promise<Stage> {
  const stage: Stage = {
    connections,
    requestsPerSecond: 0,
    p50Ms: 0,
    p99Ms: 0,
    statuses: new Map(),
    byKind: { page: 0, list: 0, login: 0, subscribe: 0 },
    timeouts: 0,
    errors: 0,
    peakRssMib: 0,
  };
  const pid = server.child.pid ?? 0;
  const sampler = setInterval(() => {
    stage.peakRssMib = Math.max(stage.peakRssMib, residentMib(pid, 'VmRSS'));
  }, 200);
  try {
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration: STAGE_SECONDS,
      timeout: TIMEOUT_SECONDS,
      requests: mixedRequests(stage, tokens, password, campaignId),
    });
    stage.requestsPerSecond = result.requests.average;
    stage.p50Ms = result.latency.p50;
    stage.p99Ms = result.latency.p99;
    stage.timeouts = result.timeouts;
    stage.errors = result.errors - result.timeouts;
  } finally {
    clearInterval(sampler);
  }
  return stage;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-overload-'));
  const password = generateStrongPassword();
  let server: ServerProcess | undefined;
  const stages: Stage[] = [];
  const loadBefore = loadavg();
  let peakRssMib: number | undefined;
  try {
    await seedUsers(dataDir, password, USERS);
    server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    await waitForHealth(server, 60_000);
    const { baseUrl } = server;
    const campaign = await fetch(`${baseUrl}/api/v1/campaigns/by-name/Courses`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const campaignId = ((await campaign.json()) as { id: number }).id;
    console.log(`Solving ${ROBOT_CHECKS} ALTCHA challenges before the load...`);
    const solved = await pool(Array.from({ length: ROBOT_CHECKS }), SOLVERS, () =>
      solvedRobotCheck(baseUrl),
    );
    const share = Math.floor(ROBOT_CHECKS / CONCURRENCY.length / 2);
    console.log(
      `Overload: ${CONCURRENCY.length} stages of ${STAGE_SECONDS} s, mixed load (pages, course ` +
        `list, up to ${share} logins and ${share} subscriptions per stage), timeout ` +
        `${TIMEOUT_SECONDS} s, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`,
    );
    for (const connections of CONCURRENCY) {
      const tokens = { login: solved.splice(0, share), subscribe: solved.splice(0, share) };
      const stage = await runStage(server, connections, tokens, password, campaignId);
      stages.push(stage);
      const statuses = [...stage.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      console.log(
        `  ${String(connections).padStart(5)} conn  ${stage.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          `  p50 ${stage.p50Ms.toFixed(0).padStart(5)} ms  p99 ${stage.p99Ms.toFixed(0).padStart(6)} ms` +
          `  RSS ${stage.peakRssMib.toFixed(0)} MiB  timeouts ${stage.timeouts}  errors ${stage.errors}` +
          `  [${statuses}]  logins ${stage.byKind.login}, subscriptions ${stage.byKind.subscribe}`,
      );
    }
    peakRssMib = residentMib(server.child.pid ?? 0, 'VmHWM');
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  const first503 = stages.find((stage) => (stage.statuses.get(503) ?? 0) > 0);
  const unexpected = stages.reduce(
    (sum, stage) =>
      sum +
      stage.timeouts +
      stage.errors +
      [...stage.statuses].reduce((n, [status, count]) => n + (EXPECTED.has(status) ? 0 : count), 0),
    0,
  );
  console.log(`  first concurrency answered 503: ${first503?.connections ?? 'none'}`);
  if (peakRssMib === undefined) throw new Error('no peak RSS was read');
  console.log(
    `  peak RSS ${peakRssMib.toFixed(0)} MiB (goal < ${RSS_GOAL_MIB}: ` +
      `${peakRssMib < RSS_GOAL_MIB ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  answers other than 2xx, 304, 429, 503 (timeouts and errors included): ${unexpected} ` +
      `(goal 0: ${unexpected === 0 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  load average at end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (peakRssMib >= RSS_GOAL_MIB || unexpected > 0) process.exitCode = 1;
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:overload');
await main();
