/**
 * `npm run bench:startup`: time from spawning `server/main.ts` on an empty data folder
 * (migrations, demo seed with its argon2id hashes, listen) to the first successful
 * `GET /api/v1/health` on loopback. Production mode; the SPA is served when dist/ exists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
} from '../tests/server/support/server-process.ts';
import { median } from './support/statistics.ts';

const RUNS = 5;
const HEALTH_TIMEOUT_MS = 30_000;

async function measureOnce(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-'));
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  try {
    await waitForHealth(server, HEALTH_TIMEOUT_MS);
    return performance.now() - started;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Start-up to first healthy answer, empty data folder (${PROJECT_ROOT}):`);
const timings: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const elapsed = await measureOnce();
  timings.push(elapsed);
  console.log(`  run ${run}: ${elapsed.toFixed(0)} ms`);
}
console.log(`  median: ${median(timings).toFixed(0)} ms`);
