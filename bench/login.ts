/**
 * `npm run bench:login`: login latency under a modest concurrent load on loopback, and the
 * cost of one argon2id hash on this machine.
 *
 * The real server (`server/main.ts`) runs on a temporary data folder holding 200 users with
 * one password. Each login comes from its own client address (X-Forwarded-For, which the
 * server trusts from loopback, as behind its reverse proxy) and with its own ALTCHA solution,
 * fetched and solved before the clock starts: the rate limits and the robot check stay on,
 * exactly as in production, and solving (the browser's work) is not timed. Ten clients send
 * the 200 logins. Every request and the whole run are bounded in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../server/auth/password.ts';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { spawnServer, waitForHealth } from '../tests/server/support/server-process.ts';
import { REQUEST_TIMEOUT_MS, solvedRobotCheck } from './support/api-client.ts';
import { benchEmail, clientAddress, pool, seedUsers } from './support/users.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';

const LOGINS = 200;
const CLIENTS = 10;
const SOLVERS = 4;
const HASH_SAMPLES = 20;
const RUN_DEADLINE_MS = 5 * 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function solvedRobotChecks(baseUrl: string): Promise<string[]> {
  const indexes = Array.from({ length: LOGINS }, (_, index) => index);
  return pool(indexes, SOLVERS, () => solvedRobotCheck(baseUrl));
}

async function measureLogins(baseUrl: string, password: string, robotChecks: string[]) {
  const indexes = Array.from({ length: LOGINS }, (_, index) => index);
  const started = performance.now();
  const latencies = await pool(indexes, CLIENTS, async (index) => {
    const before = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(index) },
      body: JSON.stringify({
        email: benchEmail(index),
        password,
        recaptchaToken: robotChecks[index],
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    const elapsed = performance.now() - before;
    if (response.status !== 200) throw new Error(`login ${index}: ${response.status} ${body}`);
    return elapsed;
  });
  return { latencies, wallMs: performance.now() - started };
}

async function measureHashes(): Promise<number[]> {
  const timings: number[] = [];
  for (let sample = 0; sample < HASH_SAMPLES; sample++) {
    const before = performance.now();
    await hashPassword(generateStrongPassword());
    timings.push(performance.now() - before);
  }
  return timings;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-login-'));
  const password = generateStrongPassword();
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    await seedUsers({ dataDir }, password, LOGINS);
    server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    await waitForHealth(server, 30_000);

    const robotChecks = await solvedRobotChecks(server.baseUrl);
    const { latencies, wallMs } = await measureLogins(server.baseUrl, password, robotChecks);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`Login under load: ${LOGINS} logins, ${CLIENTS} concurrent clients, loopback`);
    console.log(`  median ${percentile(sorted, 50).toFixed(0)} ms`);
    console.log(`  p95    ${percentile(sorted, 95).toFixed(0)} ms`);
    console.log(`  p99    ${percentile(sorted, 99).toFixed(0)} ms`);
    console.log(`  throughput ${((LOGINS / wallMs) * 1000).toFixed(1)} logins/s`);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  const hashes = [...(await measureHashes())].sort((a, b) => a - b);
  console.log(`argon2id (m = 46 MiB, t = 8, p = 1), one hash at a time, ${HASH_SAMPLES} samples:`);
  console.log(`  median ${percentile(hashes, 50).toFixed(0)} ms per hash`);
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:login');
await main();
