/**
 * `npm run bench:startup`: time from spawning the server to the first successful
 * `GET /api/v1/health` on loopback, and the CPU the process spent until then, in two cases:
 * - an empty data folder (migrations, demo seed with its argon2id hashes and videos, listen);
 * - an existing one (a second start on the folder the first made).
 * Each case runs as `npm start` runs the server (scripts/start.js and the bundle in dist-server/,
 * with its Node options and environment) and, as the baseline, the same from the sources
 * (`server/main.ts`), interleaved so that both see the same machine load. Production mode; the
 * SPA is served when dist/ exists. Both keep Node's compile cache, as a start after the first does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';
import { median } from './support/statistics.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HEALTH_TIMEOUT_MS = 60_000;
/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ; 100 on every usual kernel). */
const CLOCK_TICKS = 100;

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** User plus system CPU of a running process, from /proc (fields 14 and 15 of its stat line). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const nodeFlags = startFlags(PROJECT_ROOT);
const startEnv = await startEnvironment(PROJECT_ROOT);

async function startAndStop(env: Record<string, string>, entry: string): Promise<Sample> {
  const started = performance.now();
  const server: ServerProcess = await spawnServer(
    { NODE_ENV: 'production', ...startEnv, ...env },
    { entry, nodeFlags },
  );
  try {
    await waitForHealth(server, HEALTH_TIMEOUT_MS);
    const wallMs = performance.now() - started;
    return { wallMs, cpuMs: cpuMsOf(server.child.pid ?? 0) };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

const variants = {
  'npm start (bundle)': path.join('scripts', 'start.js'),
  'sources (server/main.ts)': path.join('server', 'main.ts'),
} as const;
type Variant = keyof typeof variants;
const samples = new Map<string, Sample[]>();
const record = (label: string, sample: Sample) =>
  samples.set(label, [...(samples.get(label) ?? []), sample]);

console.log(`Start-up to the first healthy answer (${PROJECT_ROOT}), ${RUNS} runs each:`);
// A first start of each builds what is stale and fills the compile cache, as the first start
// after a deploy does.
for (const entry of Object.values(variants)) {
  const warmUpDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-warm-'));
  await startAndStop({ DATA_DIR: warmUpDir }, entry);
  rmSync(warmUpDir, { recursive: true, force: true });
}
for (let run = 1; run <= RUNS; run++) {
  for (const variant of Object.keys(variants) as Variant[]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-'));
    try {
      const env = { DATA_DIR: dataDir };
      record(`empty folder, ${variant}`, await startAndStop(env, variants[variant]));
      record(`existing folder, ${variant}`, await startAndStop(env, variants[variant]));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`  run ${run} done`);
}

const [measured, baseline] = Object.keys(variants) as Variant[];
const medians = (label: string) => {
  const values = samples.get(label) ?? [];
  return {
    wall: median(values.map((sample) => sample.wallMs)),
    cpu: median(values.map((sample) => sample.cpuMs)),
  };
};
console.log(
  `\n| case | wall median (ms) | CPU median (ms) | wall, ${baseline} | CPU, ${baseline} | wall ratio | CPU ratio |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const folder of ['empty folder', 'existing folder']) {
  const now = medians(`${folder}, ${measured}`);
  const before = medians(`${folder}, ${baseline}`);
  console.log(
    `| ${folder}, ${measured} | ${now.wall.toFixed(0)} | ${now.cpu.toFixed(0)} | ` +
      `${before.wall.toFixed(0)} | ${before.cpu.toFixed(0)} | ` +
      `${(now.wall / before.wall).toFixed(2)} | ${(now.cpu / before.cpu).toFixed(2)} |`,
  );
}
