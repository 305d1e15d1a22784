/**
 * `npm run bench:education-video [-- --requests 1000] [-- --profile-dir <folder>]`: range
 * requests against a 900 MB education video (issue 12). The real server (`server/main.ts`, demo
 * seed) runs on a temporary data folder whose uploaded demo videos are grown to 900 MiB sparse
 * files; beside it, plain @fastify/static serves the same folder without auth
 * (bench/support/plain-static-server.ts), and so does a minimal node:http server with
 * fs.createReadStream (bench/support/minimal-range-server.ts), the floor of any Node server. 10
 * concurrent readers (keep-alive, one socket each) ask 1 MiB ranges at offsets spread evenly over
 * the file (shuffled), each reading its answer to the end before the next, the three servers in
 * alternating rounds so that the machine's noise falls on all alike. Reported per server: time
 * from sending to the first byte of the body (p50, p99); resident memory (/proc VmRSS, sampled
 * every 20 ms) idle after a warm-up and at its peak under load; and, from
 * bench/support/latency-probe.ts inside every server, where the server's
 * share of that time goes. Also the client's event loop delay and the load average, since on a
 * shared machine those decide the tail. Goal: p99 <= 20 ms, RSS growth <= 32 MiB. Loopback
 * only; bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
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
import { percentile } from './support/statistics.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';

const { values: flags } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    /** A folder for CPU profiles of both servers (`--cpu-prof`), to open in Chrome's DevTools. */
    'profile-dir': { type: 'string' },
  },
});
const profileDir = flags['profile-dir'];
const profileFlags = (name: string) =>
  profileDir === undefined
    ? []
    : ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', `${name}.cpuprofile`];
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
  /** Names its latency probe's output file. */
  probe: string;
  pid: number;
  url: string;
  ttfbMs: number[];
  rssIdleMib: number;
  rssPeakMib: number;
}

const residentMib = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const CURL_FORMAT = '%{http_code} %{size_download} %{num_connects} %{time_starttransfer}\\n';

/**
 * One reader: a curl process asking `list`'s ranges one after another on one kept-alive
 * connection, each read to its end before the next (as a player's would); answers each
 * request's milliseconds from its start to the first byte of the answer. curl, not a Node client:
 * the client's own garbage collection pauses were the tail (the minimal server measured p99 60 ms
 * through node:http's client, 8 to 12 ms through curl, on an idle machine in the same hour).
 */
async function curlReader(url: string, list: number[]): Promise<number[]> {
  const args = list.flatMap((offset, index) => [
    ...(index === 0 ? [] : ['--next']),
    ...['--silent', '--show-error', '--output', '/dev/null', '--write-out', CURL_FORMAT],
    ...['--max-time', String(REQUEST_TIMEOUT_MS / 1000)],
    ...['--range', `${offset}-${offset + RANGE_BYTES - 1}`, url],
  ]);
  const curl = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  curl.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    curl.once('error', reject);
    curl.once('close', resolve);
  });
  const answers = output
    .trim()
    .split('\n')
    .map((line) => line.split(' '));
  if (code !== 0 || answers.length !== list.length) throw new Error(`${url}: curl exited ${code}`);
  let connects = 0;
  const ttfbs = answers.map(([status, size, newConnections, seconds]) => {
    if (status !== '206' || Number(size) !== RANGE_BYTES)
      throw new Error(`${url}: ${status} ${size}`);
    connects += Number(newConnections);
    return Number(seconds) * 1000;
  });
  if (connects > 1) throw new Error(`${url}: ${connects} connections, not one kept alive`);
  return ttfbs;
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

/** `list`'s requests from `READERS` concurrent readers, each a curl process; RSS sampled throughout. */
async function load(target: Target, list: number[], record: boolean) {
  const sampler = setInterval(() => {
    target.rssPeakMib = Math.max(target.rssPeakMib, residentMib(target.pid));
  }, 20);
  try {
    const perReader = Array.from({ length: READERS }, (_, reader) =>
      list.filter((_offset, index) => index % READERS === reader),
    );
    const ttfbs = await Promise.all(perReader.map((offsets) => curlReader(target.url, offsets)));
    if (record) target.ttfbMs.push(...ttfbs.flat());
  } finally {
    clearInterval(sampler);
  }
}

/** Stops a server and waits for its exit, when its probe writes what it measured. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface ProbeSummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}
type Probe = Record<
  'firstWrite' | 'stat' | 'open' | 'read' | 'eventLoopDelay' | 'fullGc' | 'youngGc',
  ProbeSummary
> & {
  cpuMs: number;
};

const readProbe = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Probe;

function probeRow(target: Target, probe: Probe) {
  const show = ({ p50Ms, p99Ms, maxMs }: ProbeSummary) =>
    [p50Ms, p99Ms, maxMs].map((ms) => ms.toFixed(1)).join(' / ');
  return {
    server: target.name,
    'first write': show(probe.firstWrite),
    stat: show(probe.stat),
    open: show(probe.open),
    read: `${show(probe.read)} (${probe.read.count})`,
    'loop delay': show(probe.eventLoopDelay),
    'full GCs': `${probe.fullGc.count}, max ${probe.fullGc.maxMs.toFixed(1)}`,
    'young GCs': `${probe.youngGc.count}, max ${probe.youngGc.maxMs.toFixed(1)}`,
    'CPU ms': probe.cpuMs.toFixed(0),
  };
}

const PROBE = path.join(PROJECT_ROOT, 'bench/support/latency-probe.ts');
/** Every server runs with `npm start`'s heap sizes and thread pool: the young generation decides
 * how often the garbage collector runs under streaming, the pool how long file calls queue. */
const NODE_FLAGS = startFlags(PROJECT_ROOT);
const START_ENV = await startEnvironment(PROJECT_ROOT);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-education-video-'));
const probeFile = (name: string) => path.join(dataDir, `probe-${name}.json`);
const password = generateStrongPassword();
const loadBefore = loadavg();
const ours = await spawnServer(
  {
    ...START_ENV,
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
    LATENCY_PROBE_FILE: probeFile('ours'),
  },
  { nodeFlags: [...NODE_FLAGS, '--import', PROBE, ...profileFlags('ours')] },
);
const plainPort = await freePort();
const minimalPort = await freePort();
const baselines: ChildProcess[] = [];
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

  /** A bench server script on `videos`, with the probe; resolves once it prints `ready`. */
  const startBaseline = async (script: string, name: string, port: number) => {
    const child = spawn(
      NODE_24,
      [
        ...NODE_FLAGS,
        '--import',
        PROBE,
        ...profileFlags(name),
        path.join(PROJECT_ROOT, 'bench/support', script),
        videos,
        String(port),
      ],
      {
        env: { ...process.env, ...START_ENV, LATENCY_PROBE_FILE: probeFile(name) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    baselines.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', () => reject(new Error(`${script} stopped`)));
    });
    return child;
  };
  const plain = await startBaseline('plain-static-server.ts', 'plain', plainPort);
  const minimal = await startBaseline('minimal-range-server.ts', 'minimal', minimalPort);

  const targets: Target[] = [
    {
      name: 'ours (signed URL)',
      probe: 'ours',
      pid: ours.child.pid ?? 0,
      url: `${ours.baseUrl}${signedUrl}`,
    },
    {
      name: 'plain @fastify/static',
      probe: 'plain',
      pid: plain.pid ?? 0,
      url: `http://127.0.0.1:${plainPort}/videos/${videoKey}`,
    },
    {
      name: 'minimal node:http',
      probe: 'minimal',
      pid: minimal.pid ?? 0,
      url: `http://127.0.0.1:${minimalPort}/videos/${videoKey}`,
    },
  ].map((target) => ({ ...target, ttfbMs: [], rssIdleMib: 0, rssPeakMib: 0 }));

  for (const target of targets) {
    await load(target, offsets(WARM_UP), false);
    target.rssIdleMib = residentMib(target.pid);
    target.rssPeakMib = target.rssIdleMib;
    process.kill(target.pid, 'SIGWINCH');
  }
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  const all = offsets(perRound * ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    const slice = all.slice(round * perRound, (round + 1) * perRound);
    // Alternating the order, so none always follows another's cache effects.
    const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
    for (const index of order) {
      await load(targets[index] as Target, slice, true);
    }
  }
  const loadAfter = loadavg();
  await Promise.all([...baselines.map(stop), stop(ours.child)]);

  console.log(
    `\n${REQUESTS} ranged requests of 1 MiB per server over a ${FILE_BYTES / 2 ** 20} MiB sparse file, ${READERS} concurrent readers (keep-alive, one socket each), ${ROUNDS} alternating rounds\n`,
  );
  console.log('Client: time from sending the request to the first byte of the body.');
  const rows = targets.map((target) => ({
    server: target.name,
    'TTFB p50 ms': percentile(target.ttfbMs, 50).toFixed(2),
    'TTFB p99 ms': percentile(target.ttfbMs, 99).toFixed(2),
    'RSS idle MiB': target.rssIdleMib.toFixed(1),
    'RSS peak MiB': target.rssPeakMib.toFixed(1),
    'RSS growth MiB': (target.rssPeakMib - target.rssIdleMib).toFixed(1),
  }));
  console.table(rows);
  console.log(
    'Inside each server (bench/support/latency-probe.ts): request event to first response write, file system calls through the thread pool, event loop delay (p50 / p99 / max ms); garbage collections and their longest pause (ms).',
  );
  console.table(targets.map((target) => probeRow(target, readProbe(probeFile(target.probe)))));
  const [mine, baseline, floor] = targets as [Target, Target, Target];
  const ratio = (over: Target, p: number) =>
    (percentile(mine.ttfbMs, p) / percentile(over.ttfbMs, p)).toFixed(2);
  console.log(
    `ours / plain: p50 x${ratio(baseline, 50)}, p99 x${ratio(baseline, 99)}; ` +
      `ours / minimal: p50 x${ratio(floor, 50)}, p99 x${ratio(floor, 99)}`,
  );
  const loads = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(
    `load average (1, 5, 15 min): ${loads(loadBefore)} before, ${loads(loadAfter)} after; ` +
      `${availableParallelism()} CPUs; Node ${process.version} ${NODE_FLAGS.join(' ')}; UV_THREADPOOL_SIZE ${START_ENV.UV_THREADPOOL_SIZE ?? process.env.UV_THREADPOOL_SIZE ?? 'default (4)'}`,
  );
  console.log(
    `command: npm run bench:education-video -- --requests ${REQUESTS}` +
      (profileDir === undefined ? '' : ` --profile-dir ${profileDir}`),
  );
  console.log(
    "reading: the minimal server's p99 in the same run is the floor this machine allows any Node server; " +
      "'first write' minus the file system calls is the server's own queueing, and a loop delay " +
      'max that all three processes share is the machine stalling, not the route.',
  );
  const p99 = percentile(mine.ttfbMs, 99);
  const growth = mine.rssPeakMib - mine.rssIdleMib;
  console.log(
    `goals: p99 ${p99.toFixed(2)} ms <= ${GOALS.p99Ms} ms: ${p99 <= GOALS.p99Ms ? 'met' : 'MISSED'}; ` +
      `RSS growth ${growth.toFixed(1)} MiB <= ${GOALS.rssGrowthMib} MiB: ${growth <= GOALS.rssGrowthMib ? 'met' : 'MISSED'}`,
  );
} catch (error) {
  console.error(`our server's output:\n${ours.output()}`);
  throw error;
} finally {
  await Promise.all([...baselines.map(stop), stop(ours.child)]);
  rmSync(dataDir, { recursive: true, force: true });
}
