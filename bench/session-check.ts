/**
 * `npm run bench:session-check -- --baseline DIR`: what the per-request session check costs
 * (issue 25, decision 0039). Since then the guard's one query per authenticated request also
 * asks whether the token's login session is still unrevoked; before, it read the user's roles
 * alone. Public routes have no guard and should not move at all.
 *
 * Two real servers (`server/main.ts`, production mode, with `npm start`'s Node options and
 * environment) run side by side: this checkout and the one in `--baseline` (for instance a clone
 * of main with its node_modules), each on its own temporary data folder with the demo content
 * (each migrates its own, so the checkouts need not share migrations). The seeded administrator
 * logs in on each (a real ALTCHA solution), then autocannon loads
 * `GET /api/v1/educations` with the bearer token and the public `GET /api/v1/courses`, round by
 * round, the two servers taking turns (which goes first alternates), so that both share the
 * machine's moods. Medians of the rounds and the ratios this/baseline are printed. Every run and
 * the whole bench are bounded in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { loginAsAdministrator, REQUEST_TIMEOUT_MS } from './support/api-client.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';
import { median } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '7' } },
});
if (flags.baseline === undefined) throw new Error('--baseline DIR (a checkout of main) is needed');
const BASELINE = path.resolve(flags.baseline);
const ROUNDS = Number(flags.rounds);
if (!(ROUNDS >= 1 && ROUNDS <= 50)) throw new Error('--rounds must be between 1 and 50');
const RUN_SECONDS = 4;
const CONNECTIONS = 10;
// Well within the access token's 15 minutes: every run uses the token of the first login.
const RUN_DEADLINE_MS = 12 * 60_000;

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface Contender {
  name: string;
  server: ServerProcess;
  dataDir: string;
  token: string;
}

async function startOnce(name: string, root: string): Promise<Contender> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `dental-bench-session-${name}-`));
  const password = generateStrongPassword();
  const server = await spawnServer(
    {
      ...(await startEnvironment(root)),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO_PASSWORD: password,
    },
    { root, nodeFlags: startFlags(root) },
  );
  try {
    await waitForHealth(server, 120_000);
    return { name, server, dataDir, token: await loginAsAdministrator(server.baseUrl, password) };
  } catch (error) {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * On a busy machine seeding the demo accounts can wait past the hashing line's limit and the
 * server refuses to start (server/auth/password.ts): a fresh attempt then, up to three.
 */
async function start(name: string, root: string): Promise<Contender> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(name, root);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`${name}: the server did not start (attempt ${attempt}), trying again`);
    }
  }
}

async function load(url: string, headers: Record<string, string>): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    headers,
    timeout: REQUEST_TIMEOUT_MS / 1000,
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  if (result.errors > 0 || answered === 0 || result['2xx'] !== answered) {
    throw new Error(`${url}: ${result.errors} errors, ${answered - result['2xx']} not 2xx`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

const ROUTES: { name: string; path: string; authenticated: boolean }[] = [
  { name: 'GET /api/v1/educations (bearer)', path: '/api/v1/educations', authenticated: true },
  { name: 'GET /api/v1/courses (public)', path: '/api/v1/courses', authenticated: false },
];

function summary(runs: Run[]) {
  return {
    rps: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50Ms)),
    p99: median(runs.map((run) => run.p99Ms)),
  };
}

async function main(): Promise<void> {
  const contenders: Contender[] = [];
  try {
    contenders.push(await start('this', PROJECT_ROOT));
    contenders.push(await start('baseline', BASELINE));
    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} rounds of ${RUN_SECONDS} s per route and server, ` +
        `loopback; load average at start ${loadavg()[0]?.toFixed(1)}`,
    );
    for (const route of ROUTES) {
      const runs = new Map<string, Run[]>(contenders.map((c) => [c.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first keeps a warming or busy machine from favouring one.
        const order = round % 2 === 0 ? contenders : [...contenders].reverse();
        for (const contender of order) {
          const headers: Record<string, string> = route.authenticated
            ? { authorization: `Bearer ${contender.token}` }
            : {};
          runs
            .get(contender.name)
            ?.push(await load(contender.server.baseUrl + route.path, headers));
        }
      }
      const ours = summary(runs.get('this') ?? []);
      const base = summary(runs.get('baseline') ?? []);
      console.log(`  ${route.name}`);
      for (const [name, s] of [
        ['this    ', ours],
        ['baseline', base],
      ] as const) {
        console.log(
          `    ${name} ${s.rps.toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(1)} ms   p99 ${s.p99.toFixed(1)} ms`,
        );
      }
      console.log(
        `    ratio this/baseline: req/s ${(ours.rps / base.rps).toFixed(2)}, ` +
          `p50 ${(ours.p50 / base.p50).toFixed(2)}, p99 ${(ours.p99 / base.p99).toFixed(2)}`,
      );
    }
    console.log(`load average at end ${loadavg()[0]?.toFixed(1)}`);
  } finally {
    for (const contender of contenders) {
      contender.server.child.kill('SIGTERM');
      await contender.server.exited;
      rmSync(contender.dataDir, { recursive: true, force: true });
    }
  }
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:session-check');
await main();
