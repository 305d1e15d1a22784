/**
 * `npm run bench:backup`: what a backup costs the running server (issue 31).
 *
 * The real server (server/main.ts) runs on a temporary SQLite data folder holding a video of
 * `BENCH_VIDEO_MIB` MiB (256 by default; 2048 for the 2 GiB, which takes minutes) and
 * `ROWS` rows. In `BENCH_ROUNDS` rounds (7), a client asks `GET /api/v1/courses` one request
 * after another while the server is idle, and then while a backup archives the folder:
 * `npm run backup`'s script in a process of its own, as an operator, cron or the server's daily
 * backup runs it (server/backup/backup-process.ts; the script lowers its own niceness). Per
 * round: the backup's time; the server's RSS growth during it, beside its growth in the idle
 * window as long (sampled from /proc every 20 ms); the backup process's own peak RSS; the p99 of
 * the list during the backup against idle. Then one restore's time. Medians of the rounds, and
 * the p99 of all rounds' requests pooled.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKUP_NICENESS } from '../server/backup/backup-process.ts';
import { NODE_24, spawnServer, waitForHealth } from '../tests/server/support/server-process.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { median, percentile } from './support/statistics.ts';

const VIDEO_MIB = Number(process.env.BENCH_VIDEO_MIB ?? 256);
const ROWS = 100_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** The shortest idle window; after the first round, idle lasts as long as the last backup did. */
const MIN_IDLE_MS = 3000;

exitUnlessDoneWithin(15 * 60_000, 'bench:backup');

/** A process's resident memory; 0 once it has exited (the sampler may run after its end). */
const rssMib = (pid: number) => {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/** Sequential requests until `until` resolves (or `ms` passes); answers the latencies in ms. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

function run(
  [command, args]: [string, string[]],
  env: Record<string, string>,
  onPid: (pid: number) => void = () => {},
) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (child.pid !== undefined) onPid(child.pid);
  return new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]}: ${code}`)),
    ),
  );
}

const root = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
// Stopped in `finally`: a bench that throws must not leave its server running on a deleted folder.
let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
try {
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  await waitForHealth(server, 60_000);
  const serverPid = server.child.pid ?? 0;

  const sqlite = new DatabaseSync(path.join(dataDir, 'app.db'));
  sqlite.exec('pragma busy_timeout = 5000; begin');
  const insert = sqlite.prepare(
    'insert into rate_limit_counters (key, count, window_ends_ms) values (?, ?, ?)',
  );
  for (let i = 0; i < ROWS; i++) insert.run(`bench:${i}:${'x'.repeat(40)}`, i, Date.now() + 1e9);
  sqlite.exec('commit');
  sqlite.close();
  mkdirSync(path.join(dataDir, 'videos'), { recursive: true });
  const mib = randomBytes(2 ** 20);
  const video = openSync(path.join(dataDir, 'videos', 'benchbenchbenchbenchbe.mp4'), 'w');
  for (let i = 0; i < VIDEO_MIB; i++) writeSync(video, mib);
  closeSync(video);

  const url = `${server.baseUrl}/api/v1/courses`;
  await probe(url, new Promise((resolve) => setTimeout(resolve, 500)));
  const rounds: {
    idle: number[];
    during: number[];
    idleP99: number;
    backupP99: number;
    seconds: number;
    growth: number;
    idleGrowth: number;
    cliPeak: number;
  }[] = [];
  // Idle and backup windows as long as each other: a longer window meets more of the machine's
  // noise and lets the server's garbage grow further before V8 collects it.
  let idleMs = MIN_IDLE_MS;
  for (let round = 0; round < ROUNDS; round++) {
    const idleBefore = rssMib(serverPid);
    let idlePeak = idleBefore;
    const idleSampler = setInterval(() => (idlePeak = Math.max(idlePeak, rssMib(serverPid))), 20);
    const idle = await probe(url, new Promise((resolve) => setTimeout(resolve, idleMs)));
    clearInterval(idleSampler);
    const out = path.join(root, `out-${round}`);
    const before = rssMib(serverPid);
    let serverPeak = before;
    let cliPeak = 0;
    let cliPid = 0;
    const sampler = setInterval(() => {
      serverPeak = Math.max(serverPeak, rssMib(serverPid));
      if (cliPid !== 0) cliPeak = Math.max(cliPeak, rssMib(cliPid));
    }, 20);
    const started = performance.now();
    const backup = run(
      [NODE_24, ['server/cli/backup.ts', '--out', out]],
      { DATA_DIR: dataDir },
      (pid) => (cliPid = pid),
    );
    const during = await probe(url, backup);
    await backup;
    const seconds = (performance.now() - started) / 1000;
    idleMs = Math.max(MIN_IDLE_MS, seconds * 1000);
    clearInterval(sampler);
    const r = {
      idle,
      during,
      idleP99: percentile(idle, 99),
      backupP99: percentile(during, 99),
      seconds,
      growth: serverPeak - before,
      idleGrowth: idlePeak - idleBefore,
      cliPeak,
    };
    rounds.push(r);
    console.log(
      `round ${round + 1}: ${seconds.toFixed(2)} s, p99 idle ${r.idleP99.toFixed(2)} ms, ` +
        `during ${r.backupP99.toFixed(2)} ms (${idle.length} idle, ${during.length} during)`,
    );
    // The first round's archive is restored below; the others would only fill the disk.
    if (round > 0) rmSync(out, { recursive: true, force: true });
  }

  const archive = path.join(root, 'out-0', readdirSync(path.join(root, 'out-0'))[0] ?? '');
  const restoreStarted = performance.now();
  await run([NODE_24, ['server/cli/restore.ts', archive]], {
    DATA_DIR: path.join(root, 'restored'),
  });
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;

  console.log(`\nbench:backup, ${VIDEO_MIB} MiB video + ${ROWS} rows, medians of ${ROUNDS} rounds`);
  console.log(`\nthe backup (its own process; niceness ${BACKUP_NICENESS})`);
  const m = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  console.log(`backup time             ${m((r) => r.seconds).toFixed(2)} s`);
  console.log(
    `server RSS growth       ${m((r) => r.growth).toFixed(1)} MiB (goal <= 32); ` +
      `idle, as many seconds: ${m((r) => r.idleGrowth).toFixed(1)} MiB`,
  );
  console.log(`backup process peak RSS ${m((r) => r.cliPeak).toFixed(1)} MiB`);
  console.log(
    `GET /courses p99        idle ${m((r) => r.idleP99).toFixed(2)} ms, during backup ` +
      `${m((r) => r.backupP99).toFixed(2)} ms, ratio ${m((r) => r.backupP99 / r.idleP99).toFixed(2)} (goal <= 1.5)`,
  );
  // The rounds' requests together: less at the mercy of one noisy round's few slowest requests.
  const pooled = (pick: (r: (typeof rounds)[number]) => number[]) =>
    percentile(rounds.flatMap(pick), 99);
  const [idleAll, duringAll] = [pooled((r) => r.idle), pooled((r) => r.during)];
  console.log(
    `all rounds pooled       idle ${idleAll.toFixed(2)} ms, during backup ${duringAll.toFixed(2)} ms, ` +
      `ratio ${(duringAll / idleAll).toFixed(2)}`,
  );
  console.log(`restore time            ${restoreSeconds.toFixed(2)} s`);
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(root, { recursive: true, force: true });
}
