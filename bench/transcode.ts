/**
 * `npm run bench:transcode [-- --seconds 60 --rate 100 --baseline <checkout>]`: what transcoding an upload costs (issue 27).
 *
 * ffmpeg makes a source of `--seconds` (60 by default) of 1080p30 test pattern with a tone. The
 * real server (server/main.ts, its transcode worker on) runs on a data folder holding two
 * educations of that video. Then:
 *   1. quiet: the first one's job is queued (as an upload queues it) with no other traffic; the
 *      server's RSS growth and ffmpeg's own peak RSS are read from /proc every 100 ms;
 *   2. idle: `GET /api/v1/courses` under autocannon (10 connections) in 12 runs of 4 s, p99 each,
 *      at `--rate` requests per second (100 by default: a busy day of this site is far less, and
 *      it leaves the processor to ffmpeg as real traffic would), or as fast as the server
 *      answers with `--rate 0` (then the transcode, niced below the server, gets what the load
 *      generator and the saturated server leave, and its time measures them more than ffmpeg);
 *   3. under load: the second one's job is queued and the same runs repeat until it is ready.
 * The database is polled for the first published rendition. Printed for each job: total
 * transcode time and time to the first playable rendition, each against the video's duration,
 * and a timeline of its stages; the quiet job's memory; the median p99 of the runs during the
 * loaded job against idle. With `--baseline`, the same follows for the server of another
 * checkout (`main`'s worktree), on the same source, right after ours.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/database.ts';
import { mediaTool } from '../server/media/ffmpeg.ts';
import { findTranscode, insertTranscode } from '../server/transcodes/store.ts';
import { newStreamKey, STREAMS_FOLDER } from '../server/transcodes/streams.ts';
import { seedAccounts } from '../tests/server/support/accounts.ts';
import { createTestApp } from '../tests/server/support/test-app.ts';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
} from '../tests/server/support/server-process.ts';
import { insertBenchEducation, type BenchEducation } from './support/bench-education.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { median } from './support/statistics.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '100' },
    baseline: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const RUN_SECONDS = 4;
const IDLE_RUNS = 12;
exitUnlessDoneWithin(40 * 60_000, 'bench:transcode');

const root = mkdtempSync(path.join(tmpdir(), 'dental-bench-transcode-'));
try {
  const source = path.join(root, 'source.mp4');
  console.log(`making a ${SECONDS} s 1080p30 source with sound…`);
  execFileSync(mediaTool('ffmpeg'), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', source],
  ]);

  const targets: [string, string][] = [['ours', PROJECT_ROOT]];
  if (values.baseline !== undefined) targets.push(['baseline', path.resolve(values.baseline)]);
  for (const [name, checkout] of targets) {
    console.log(`— ${name} (${checkout})`);
    const dataDir = path.join(root, name);
    mkdirSync(dataDir);
    await measure(checkout, source, dataDir);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

/** What one transcode job showed, from its queueing to its last rendition. */
interface Transcode {
  ready: number;
  firstPlayable: number;
  timeline: string;
  serverGrowthKib: number;
  ffmpegPeakKib: number;
}

/**
 * Two transcodes of `source` by the server of `checkout`, on a data folder of its own: one with
 * the server otherwise quiet, for the memory the job itself costs (under load the heap of a
 * request-serving process climbs by megabytes a second until a major collection, which would
 * drown it), then one under load, for the times and the p99 against idle.
 */
async function measure(checkout: string, source: string, dataDir: string): Promise<void> {
  // The educations exist before the server starts; their jobs are queued one after the other.
  const prepared = await createTestApp(dataDir);
  await seedAccounts(prepared.db, dataDir, () => new Date());
  const education = (title: string) =>
    insertBenchEducation(prepared.db, dataDir, { source, title, allowedUserIds: [] });
  const quietOne = await education('Bench: 1080p30, quiet');
  const loadedOne = await education('Bench: 1080p30, under load');
  await prepared.close();

  const server = await spawnServer(
    { DATA_DIR: dataDir, NODE_ENV: 'production' },
    { root: checkout },
  );
  const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    await waitForHealth(server, 30_000);
    const pid = server.child.pid ?? 0;
    const url = `${server.baseUrl}/api/v1/courses`;
    const p99 = async () =>
      (
        await autocannon({
          url,
          connections: 10,
          duration: RUN_SECONDS,
          ...(RATE > 0 && { overallRate: RATE }),
        })
      ).latency.p99;

    const quiet = await transcode(db, dataDir, pid, quietOne, () => sleep(RUN_SECONDS * 1000));
    const idle: number[] = [];
    for (let run = 0; run < IDLE_RUNS; run++) idle.push(await p99());
    const busy: number[] = [];
    const loaded = await transcode(db, dataDir, pid, loadedOne, async () => {
      busy.push(await p99());
    });

    const ratio = (value: number) => (value / SECONDS).toFixed(2);
    const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
    for (const [name, job] of [
      ['quiet', quiet],
      [`under load (${RATE > 0 ? `${RATE} requests/s` : 'as fast as answered'})`, loaded],
    ] as const) {
      console.log(`${name}: timeline ${job.timeline}`);
      console.log(
        `  video ${SECONDS} s; transcode ${job.ready.toFixed(1)} s (× ${ratio(job.ready)} of the duration; goal ≤ 1.0); first playable rendition ${job.firstPlayable.toFixed(1)} s (× ${ratio(job.firstPlayable)}; goal ≤ 0.25)`,
      );
    }
    console.log(
      `server RSS growth during the quiet transcode ${mib(quiet.serverGrowthKib)} (goal ≤ 32); ffmpeg peak RSS ${mib(quiet.ffmpegPeakKib)}`,
    );
    console.log(`GET /api/v1/courses p99 idle ${idle.join(', ')} ms, median ${median(idle)}`);
    console.log(`  during the transcode ${busy.join(', ')} ms, median ${median(busy)}`);
    console.log(`  ratio of medians ${(median(busy) / median(idle)).toFixed(2)} (goal ≤ 1.5)`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await db.destroy();
  }
}

/** Queues the job of `education` as an upload does, and runs `meanwhile` until it is done. */
async function transcode(
  db: Db,
  dataDir: string,
  pid: number,
  education: BenchEducation,
  meanwhile: () => Promise<unknown>,
): Promise<Transcode> {
  const rssBefore = rssKib(pid);
  const started = performance.now();
  const startedAt = Date.now();
  const streamKey = newStreamKey();
  await insertTranscode(db, { ...education, streamKey, at: new Date() });
  let firstPlayable: number | undefined;
  let ready: number | undefined;
  let serverPeak = rssBefore;
  let ffmpegPeak = 0;
  // Where the time goes: the first moment each stage of the job was seen in its row.
  const stages = new Map<string, number>();
  const poll = setInterval(() => {
    serverPeak = Math.max(serverPeak, rssKib(pid));
    ffmpegPeak = Math.max(ffmpegPeak, childrenRssKib(pid));
    void findTranscode(db, education.educationId).then((row) => {
      const at = (performance.now() - started) / 1000;
      const seen = (stage: string) => stages.has(stage) || stages.set(stage, at);
      if (row?.state === 'processing') seen('claimed');
      if (row?.duration_seconds != null) seen('probed');
      if (row?.renditions) seen(`published ${row.renditions}`);
      if (firstPlayable === undefined && row?.renditions) firstPlayable = at;
      if (ready === undefined && (row?.state === 'ready' || row?.state === 'failed')) {
        if (row.state === 'failed') console.log(`failed: ${row.failure}`);
        ready = at;
      }
    });
  }, 100);
  while (ready === undefined) await meanwhile();
  clearInterval(poll);
  // The files' own times: when ffmpeg (or the master's rename) finished each.
  const folder = path.join(dataDir, STREAMS_FOLDER, streamKey);
  const written = [
    'poster.jpg',
    'master.m3u8',
    ...readdirSync(folder).filter((name) => name.endsWith('p')),
  ]
    .map((name) => (name.endsWith('p') ? `${name}/index.m3u8` : name))
    .map((name) => [name, (statSync(path.join(folder, name)).mtimeMs - startedAt) / 1000] as const);
  const timeline = [...stages, ...written.map(([name, at]) => [`wrote ${name}`, at] as const)]
    .sort((a, b) => a[1] - b[1])
    .map(([stage, at]) => `${stage} ${at.toFixed(1)} s`)
    .join('; ');
  return {
    ready,
    firstPlayable: firstPlayable ?? Number.NaN,
    timeline,
    serverGrowthKib: serverPeak - rssBefore,
    ffmpegPeakKib: ffmpegPeak,
  };
}

function rssKib(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The summed RSS of the processes whose parent is `pid` (ffmpeg). */
function childrenRssKib(pid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === pid) total += rssKib(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
