/**
 * `npm run bench:education-video [-- --requests 1000]`: range requests against a 900 MB
 * education video (issue 12). The real server (`server/main.ts`, demo seed) runs on a temporary
 * data folder whose uploaded demo videos are grown to 900 MiB sparse files; beside it, plain
 * @fastify/static serves the same folder without auth (bench/support/plain-static-server.ts).
 * 10 concurrent readers ask 1 MiB ranges at offsets spread evenly over the file (shuffled), the
 * two servers in alternating rounds so that the machine's noise falls on both alike. Reported
 * per server: time to the response headers (p50, p99), and resident memory (/proc VmRSS, sampled
 * every 20 ms) idle after a warm-up and at its peak under load. Goal: p99 <= 20 ms, RSS growth
 * <= 32 MiB. Loopback only; bounded in time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { VIDEO_FOLDER } from '../server/educations/videos.ts';
import {
  NODE_24,
  PROJECT_ROOT,
  freePort,
  spawnServer,
  waitForHealth,
} from '../tests/server/support/server-process.ts';
import { REQUEST_TIMEOUT_MS, loginAsAdministrator } from './support/api-client.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';

const { values: flags } = parseArgs({
  options: { requests: { type: 'string', default: '1000' } },
});
const REQUESTS = Number(flags.requests);
if (!(REQUESTS >= 100 && REQUESTS <= 100_000)) throw new Error('--requests: 100 to 100000');

const FILE_BYTES = 900 * 1024 * 1024;
const RANGE_BYTES = 1024 * 1024;
const READERS = 10;
const ROUNDS = 4;
const WARM_UP = 50;
const GOALS = { p99Ms: 20, rssGrowthMib: 32 };
exitUnlessDoneWithin(15 * 60 * 1000, 'bench:education-video');

interface Target {
  name: string;
  pid: number;
  url: string;
  ttfbMs: number[];
  rssIdleMib: number;
  rssPeakMib: number;
}

const residentMib = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** One ranged GET; answers the milliseconds to the response headers, once the body is read. */
function rangedRequest(agent: Agent, url: string, offset: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const range = `bytes=${offset}-${offset + RANGE_BYTES - 1}`;
    const call = request(url, { agent, headers: { range }, timeout: REQUEST_TIMEOUT_MS });
    call.on('response', (response) => {
      const ttfb = performance.now() - started;
      if (response.statusCode !== 206) reject(new Error(`${url}: ${response.statusCode}`));
      response.on('data', () => undefined);
      response.on('end', () => resolve(ttfb));
      response.on('error', reject);
    });
    call.on('timeout', () => call.destroy(new Error(`${url}: timed out`)));
    call.on('error', reject);
    call.end();
  });
}

/** Offsets spread evenly over the file, shuffled (a fixed permutation: runs compare). */
function offsets(count: number): number[] {
  const step = Math.floor((FILE_BYTES - RANGE_BYTES) / count);
  const spread = Array.from({ length: count }, (_, index) => index * step);
  let seed = 42;
  for (let index = spread.length - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = seed % (index + 1);
    [spread[index], spread[other]] = [spread[other] ?? 0, spread[index] ?? 0];
  }
  return spread;
}

/** `count` requests from `READERS` concurrent readers; RSS sampled throughout. */
async function load(target: Target, agent: Agent, list: number[], record: boolean) {
  const sampler = setInterval(() => {
    target.rssPeakMib = Math.max(target.rssPeakMib, residentMib(target.pid));
  }, 20);
  let next = 0;
  const reader = async () => {
    while (next < list.length) {
      const offset = list[next] ?? 0;
      next += 1;
      const ttfb = await rangedRequest(agent, target.url, offset);
      if (record) target.ttfbMs.push(ttfb);
    }
  };
  try {
    await Promise.all(Array.from({ length: READERS }, reader));
  } finally {
    clearInterval(sampler);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-education-video-'));
const password = generateStrongPassword();
const ours = await spawnServer({ DATA_DIR: dataDir, DEMO_PASSWORD: password });
const plainPort = await freePort();
let plain: ReturnType<typeof spawn> | undefined;
try {
  await waitForHealth(ours, 60_000);
  const videos = path.join(dataDir, VIDEO_FOLDER);
  for (const file of readdirSync(videos)) truncateSync(path.join(videos, file), FILE_BYTES);

  const token = await loginAsAdministrator(ours.baseUrl, password);
  const list = await fetch(`${ours.baseUrl}/api/v1/educations`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const educations = (await list.json()) as { videoUrl: string }[];
  const signedUrl = educations.map((e) => e.videoUrl).find((url) => url.startsWith('/api/v1/'));
  if (signedUrl === undefined) throw new Error('the demo seed has no uploaded video');
  const videoKey = readdirSync(videos)[0] ?? '';

  plain = spawn(
    NODE_24,
    [path.join(PROJECT_ROOT, 'bench/support/plain-static-server.ts'), videos, String(plainPort)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    plain?.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    plain?.once('exit', () => reject(new Error('the plain static server stopped')));
  });

  const targets: Target[] = [
    { name: 'ours (signed URL)', pid: ours.child.pid ?? 0, url: `${ours.baseUrl}${signedUrl}` },
    {
      name: 'plain @fastify/static',
      pid: plain.pid ?? 0,
      url: `http://127.0.0.1:${plainPort}/videos/${videoKey}`,
    },
  ].map((target) => ({ ...target, ttfbMs: [], rssIdleMib: 0, rssPeakMib: 0 }));

  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: READERS }));
  for (const [index, target] of targets.entries()) {
    await load(target, agents[index] as Agent, offsets(WARM_UP), false);
    target.rssIdleMib = residentMib(target.pid);
    target.rssPeakMib = target.rssIdleMib;
  }
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  const all = offsets(perRound * ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    const slice = all.slice(round * perRound, (round + 1) * perRound);
    // Alternating which goes first, so neither always follows the other's cache effects.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      await load(targets[index] as Target, agents[index] as Agent, slice, true);
    }
  }
  for (const agent of agents) agent.destroy();

  console.log(
    `\n${REQUESTS} ranged requests of 1 MiB per server over a ${FILE_BYTES / 2 ** 20} MiB sparse file, ${READERS} concurrent readers, ${ROUNDS} alternating rounds\n`,
  );
  const rows = targets.map((target) => ({
    server: target.name,
    'TTFB p50 ms': percentile(target.ttfbMs, 50).toFixed(2),
    'TTFB p99 ms': percentile(target.ttfbMs, 99).toFixed(2),
    'RSS idle MiB': target.rssIdleMib.toFixed(1),
    'RSS peak MiB': target.rssPeakMib.toFixed(1),
    'RSS growth MiB': (target.rssPeakMib - target.rssIdleMib).toFixed(1),
  }));
  console.table(rows);
  const [mine, baseline] = targets as [Target, Target];
  const ratio = (p: number) =>
    (percentile(mine.ttfbMs, p) / percentile(baseline.ttfbMs, p)).toFixed(2);
  console.log(`ours / plain: p50 x${ratio(50)}, p99 x${ratio(99)}`);
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
  const p99 = percentile(mine.ttfbMs, 99);
  const growth = mine.rssPeakMib - mine.rssIdleMib;
  console.log(
    `goals: p99 ${p99.toFixed(2)} ms <= ${GOALS.p99Ms} ms: ${p99 <= GOALS.p99Ms ? 'met' : 'MISSED'}; ` +
      `RSS growth ${growth.toFixed(1)} MiB <= ${GOALS.rssGrowthMib} MiB: ${growth <= GOALS.rssGrowthMib ? 'met' : 'MISSED'}`,
  );
} finally {
  plain?.kill('SIGTERM');
  ours.child.kill('SIGTERM');
  await ours.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
