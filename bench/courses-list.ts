/**
 * `npm run bench:courses`: how close the public course list (`GET /api/v1/courses`) comes to
 * the fastest answer the same server can give.
 *
 * The real server (server/serve.ts, production mode) runs on a temporary data folder, started
 * by bench/support/courses-limit-server.ts, which adds `GET /api/v1/bench/courses-limit`: the
 * same bytes and headers straight from memory, without the database check that keeps the list
 * fresh (a bench-only route the production server never has). The seeded administrator logs in with the demo password
 * and a real ALTCHA solution, creates 50 courses through the multipart API, and then autocannon
 * loads the list and the limit route in alternating runs, with and without If-None-Match.
 * Every run and the whole bench are bounded in time; medians of the rounds are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { spawnServer, waitForHealth } from '../tests/server/support/server-process.ts';
import { loginAsAdministrator, REQUEST_TIMEOUT_MS } from './support/api-client.ts';
import { createCourses } from './support/courses.ts';
import { COURSES_LIMIT_PATH } from './support/courses-limit-server.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { median } from './support/statistics.ts';

const COURSES_LIMIT_SERVER = path.join('bench', 'support', 'courses-limit-server.ts');
const COURSES = 50;
const ROUNDS = 5;
const RUN_SECONDS = 4;
const CONNECTIONS = 10;
const GOAL = 0.8;
const RUN_DEADLINE_MS = 10 * 60_000;

interface Run {
  requestsPerSecond: number;
  p99Ms: number;
}

async function load(url: string, headers: Record<string, string>, status: 200 | 304) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    headers,
    timeout: REQUEST_TIMEOUT_MS / 1000,
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const expected = status === 200 ? result['2xx'] : result['3xx'];
  if (result.errors > 0 || answered === 0 || expected !== answered) {
    throw new Error(`${url}: ${result.errors} errors, ${answered - expected} unexpected answers`);
  }
  const run: Run = { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
  return run;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-courses-'));
  const password = generateStrongPassword();
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    server = await spawnServer(
      { DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_PASSWORD: password },
      { entry: COURSES_LIMIT_SERVER },
    );
    await waitForHealth(server, 60_000);
    const token = await loginAsAdministrator(server.baseUrl, password);
    await createCourses(server.baseUrl, token, COURSES);

    const listUrl = `${server.baseUrl}/api/v1/courses`;
    const limitUrl = `${server.baseUrl}${COURSES_LIMIT_PATH}`;
    const first = await fetch(listUrl);
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    const courseCount = (JSON.parse(body) as unknown[]).length;

    const cases: { name: string; headers: Record<string, string>; status: 200 | 304 }[] = [
      { name: 'full answer (200)', headers: {}, status: 200 },
      { name: 'revalidation (304)', headers: { 'if-none-match': etag }, status: 304 },
    ];
    console.log(
      `GET /api/v1/courses: ${courseCount} courses, ${Buffer.byteLength(body)} bytes of JSON, ` +
        `${CONNECTIONS} connections, ${ROUNDS} rounds of ${RUN_SECONDS} s per route, loopback`,
    );
    for (const { name, headers, status } of cases) {
      const list: Run[] = [];
      const limit: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first keeps a warming or busy machine from favouring one.
        if (round % 2 === 0) {
          list.push(await load(listUrl, headers, status));
          limit.push(await load(limitUrl, headers, status));
        } else {
          limit.push(await load(limitUrl, headers, status));
          list.push(await load(listUrl, headers, status));
        }
      }
      const listRps = median(list.map((run) => run.requestsPerSecond));
      const limitRps = median(limit.map((run) => run.requestsPerSecond));
      const ratio = listRps / limitRps;
      console.log(`  ${name}`);
      console.log(
        `    list  ${listRps.toFixed(0).padStart(6)} req/s   p99 ${median(list.map((r) => r.p99Ms)).toFixed(1)} ms`,
      );
      console.log(
        `    limit ${limitRps.toFixed(0).padStart(6)} req/s   p99 ${median(limit.map((r) => r.p99Ms)).toFixed(1)} ms`,
      );
      console.log(
        `    ratio ${ratio.toFixed(2)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:courses');
await main();
