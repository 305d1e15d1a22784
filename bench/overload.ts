/**
 * `npm run build && npm run bench:overload [-- --minutes 10]`: what the server does when more
 * is asked of it than it can give. The real server (`server/main.ts`, production mode, the
 * built SPA, default load-shedding limits) runs on a temporary data folder with 200 extra
 * users. autocannon then sends a mixed load at rising concurrency, one stage per level,
 * together lasting `--minutes`: page loads (the HTML of three pages and the main script), the
 * course list, logins and newsletter subscriptions.
 *
 * Logins and subscriptions carry real ALTCHA solutions, solved before each stage (the
 * browser's work, not the server's, and within the challenges' lifetime); once a stage has used its
 * share, those slots load a page instead. Each comes from its own client address. Expected
 * answers are 2xx, 304, 429 (rate limits) and 503 (load shedding); anything else, and every
 * timeout or connection error, is reported. The server's peak resident memory comes from
 * /proc (VmHWM). Loopback only; every stage and the whole run are bounded in time.
 *
 * The server runs with the Node options of `npm start` (package.json), as in production.
 * `--baseline DIR` names another built checkout (with its node_modules), for instance of main:
 * both servers run, with their own `npm start` options, and take turns stage by stage (which
 * goes first alternates), so a before-and-after comparison shares the machine's moods.
 * The baseline's data folder is seeded by this checkout's code: both need the same migrations.
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
import { startEnvironment, startFlags } from './support/start-flags.ts';

const { values: flags } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, baseline: { type: 'string' } },
});
const MINUTES = Number(flags.minutes);
if (!(MINUTES > 0 && MINUTES <= 60)) throw new Error('--minutes must be between 0 and 60');
const BASELINE = flags.baseline === undefined ? undefined : path.resolve(flags.baseline);

const CONCURRENCY = [8, 32, 64, 128, 256, 512, 1024];
const STAGE_SECONDS = Math.max(5, Math.round((MINUTES * 60) / CONCURRENCY.length));
const USERS = 200;
/** Logins and subscriptions per stage; solved before it, spent at its start. */
const ROBOT_CHECKS_PER_STAGE = 60;
const SOLVERS = 2;
/** A client that waited this long has given up: counted as a timeout. */
const TIMEOUT_SECONDS = 10;
const RSS_GOAL_MIB = 512;
const RUN_DEADLINE_MS = ((BASELINE ? 2 : 1) * MINUTES * 60 + 20 * 60) * 1000;
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
function mainScript(root: string): string {
  const html = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
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

function mixedRequests(stage: Stage, tokens: Tokens, password: string, target: Target) {
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
  const script = mainScript(target.root);
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
      campaignId: target.campaignId,
      recaptchaToken,
    })),
    page('/info'),
    list,
  ];
}

async function runStage(
  target: Target,
  connections: number,
  tokens: Tokens,
  password: string,
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
  const pid = target.server.child.pid ?? 0;
  const sampler = setInterval(() => {
    stage.peakRssMib = Math.max(stage.peakRssMib, residentMib(pid, 'VmRSS'));
  }, 200);
  try {
    const result = await autocannon({
      url: target.server.baseUrl,
      connections,
      duration: STAGE_SECONDS,
      timeout: TIMEOUT_SECONDS,
      requests: mixedRequests(stage, tokens, password, target),
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

/** One server under test: a checkout, its process and what the load needs from it. */
interface Target {
  name: string;
  root: string;
  nodeFlags: string[];
  dataDir: string;
  server: ServerProcess;
  campaignId: number;
  stages: Stage[];
  peakRssMib: number;
}

async function startTarget(name: string, root: string, password: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-overload-'));
  await seedUsers({ dataDir }, password, USERS);
  const nodeFlags = startFlags(root);
  const server = await spawnServer(
    { ...(await startEnvironment(root)), DATA_DIR: dataDir, NODE_ENV: 'production' },
    { root, nodeFlags },
  );
  const target: Target = {
    name,
    root,
    nodeFlags,
    dataDir,
    server,
    campaignId: 0,
    stages: [],
    peakRssMib: 0,
  };
  try {
    await waitForHealth(server, 60_000);
    const campaign = await fetch(`${server.baseUrl}/api/v1/campaigns/by-name/Courses`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    target.campaignId = ((await campaign.json()) as { id: number }).id;
  } catch (error) {
    await stopTarget(target);
    throw error;
  }
  return target;
}

async function stopTarget(target: Target): Promise<void> {
  target.server.child.kill('SIGTERM');
  await target.server.exited;
  rmSync(target.dataDir, { recursive: true, force: true });
}

function printStage(name: string, stage: Stage): void {
  const statuses = [...stage.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `  ${name.padEnd(4)}${String(stage.connections).padStart(5)} conn  ${stage.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${stage.p50Ms.toFixed(0).padStart(5)} ms  p99 ${stage.p99Ms.toFixed(0).padStart(6)} ms` +
      `  RSS ${stage.peakRssMib.toFixed(0)} MiB  timeouts ${stage.timeouts}  errors ${stage.errors}` +
      `  [${statuses}]  logins ${stage.byKind.login}, subscriptions ${stage.byKind.subscribe}`,
  );
}

/** Timeouts, connection errors and statuses other than the expected ones. */
function unexpectedAnswers(stages: Stage[]): number {
  return stages.reduce(
    (sum, stage) =>
      sum +
      stage.timeouts +
      stage.errors +
      [...stage.statuses].reduce((n, [status, count]) => n + (EXPECTED.has(status) ? 0 : count), 0),
    0,
  );
}

/** Prints the target's summary; true when it met both goals. */
function summarise(target: Target): boolean {
  const first503 = target.stages.find((stage) => (stage.statuses.get(503) ?? 0) > 0);
  const unexpected = unexpectedAnswers(target.stages);
  const shed = target.stages.reduce((n, stage) => n + (stage.statuses.get(503) ?? 0), 0);
  const flagsText = target.nodeFlags.join(' ') || 'none';
  console.log(`${target.name} (${target.root}, node options: ${flagsText}):`);
  console.log(
    `  first concurrency answered 503: ${first503?.connections ?? 'none'} (${shed} in all)`,
  );
  console.log(
    `  peak RSS ${target.peakRssMib.toFixed(0)} MiB (goal < ${RSS_GOAL_MIB}: ` +
      `${target.peakRssMib < RSS_GOAL_MIB ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  answers other than 2xx, 304, 429, 503 (timeouts and errors included): ${unexpected} ` +
      `(goal 0: ${unexpected === 0 ? 'met' : 'NOT met'})`,
  );
  return target.peakRssMib < RSS_GOAL_MIB && unexpected === 0;
}

async function main(): Promise<void> {
  const password = generateStrongPassword();
  const targets: Target[] = [];
  const loadBefore = loadavg();
  try {
    targets.push(await startTarget('new', PROJECT_ROOT, password));
    if (BASELINE) targets.push(await startTarget('old', BASELINE, password));
    const share = ROBOT_CHECKS_PER_STAGE / 2;
    console.log(
      `Overload: ${CONCURRENCY.length} stages of ${STAGE_SECONDS} s per server, mixed load (pages, ` +
        `course list, up to ${share} logins and ${share} subscriptions per stage), timeout ` +
        `${TIMEOUT_SECONDS} s, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`,
    );
    for (const [index, connections] of CONCURRENCY.entries()) {
      // Which server goes first alternates, so neither always meets the machine's same moment.
      const turn = index % 2 === 0 ? targets : [...targets].reverse();
      for (const target of turn) {
        const solved = await pool(Array.from({ length: 2 * share }), SOLVERS, () =>
          solvedRobotCheck(target.server.baseUrl),
        );
        const tokens = { login: solved.slice(0, share), subscribe: solved.slice(share) };
        const stage = await runStage(target, connections, tokens, password);
        target.stages.push(stage);
        printStage(target.name, stage);
      }
    }
    for (const target of targets) {
      target.peakRssMib = residentMib(target.server.child.pid ?? 0, 'VmHWM');
    }
  } finally {
    for (const target of targets) await stopTarget(target);
  }
  // The exit status speaks for this checkout; a baseline is there to compare with.
  const goalsMet = targets.map(summarise);
  console.log(
    `  load average at end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (!goalsMet[0]) process.exitCode = 1;
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:overload');
await main();
