/**
 * `npm run bench:transcode [-- --seconds 60]`: what transcoding an upload costs (issue 27).
 *
 * ffmpeg makes a source of `--seconds` (60 by default) of 1080p30 test pattern with a tone. The
 * real server (server/main.ts, its transcode worker on) runs on a data folder holding one
 * education of that video. Then:
 *   1. idle: `GET /api/v1/courses` under autocannon (10 connections) in runs of 4 s, p99 each;
 *   2. a transcode job is queued (as an upload queues it) and the same runs repeat until it is
 *      ready; the database is polled for the first published rendition.
 * Printed: total transcode time and time to the first playable rendition, each against the
 * video's duration; the median p99 of the runs during the transcode against idle; the server's
 * RSS growth and ffmpeg's own peak RSS, apart.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { insertEducation } from '../server/educations/store.ts';
import { VIDEO_FOLDER } from '../server/educations/videos.ts';
import { mediaTool } from '../server/media/ffmpeg.ts';
import { findTranscode, insertTranscode } from '../server/transcodes/store.ts';
import { newStreamKey } from '../server/transcodes/streams.ts';
import { seedAccounts } from '../tests/server/support/accounts.ts';
import { createTestApp } from '../tests/server/support/test-app.ts';
import { spawnServer, waitForHealth } from '../tests/server/support/server-process.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { median } from './support/statistics.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const SECONDS = Number(values.seconds);
const RUN_SECONDS = 4;
exitUnlessDoneWithin(20 * 60_000, 'bench:transcode');

const root = mkdtempSync(path.join(tmpdir(), 'dental-bench-transcode-'));
const dataDir = path.join(root, 'var');
mkdirSync(dataDir);
try {
  const source = path.join(root, 'source.mp4');
  console.log(`making a ${SECONDS} s 1080p30 source with sound…`);
  execFileSync(mediaTool('ffmpeg'), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', source],
  ]);

  // The education exists before the server starts; its job is queued only after the idle runs.
  const prepared = await createTestApp(dataDir);
  await seedAccounts(prepared.db, dataDir, () => new Date());
  const template = await prepared.db
    .selectFrom('educations')
    .select(['description', 'lecturer', 'country_iso_code', 'partner_id'])
    .executeTakeFirstOrThrow();
  const videoKey = `${newStreamKey()}.mp4`;
  copyFileSync(source, path.join(dataDir, VIDEO_FOLDER, videoKey));
  const educationId = await insertEducation(
    prepared.db,
    {
      ...template,
      title: 'Bench: 1080p30',
      recording_month: null,
      subtitle_language: null,
      video_site_url: null,
      video_key: videoKey,
      thumbnail_key: null,
      thumbnail_card_key: null,
      created_at: new Date().toISOString(),
    },
    [],
  );
  await prepared.close();

  const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    await waitForHealth(server, 30_000);
    const pid = server.child.pid ?? 0;
    const url = `${server.baseUrl}/api/v1/courses`;
    const p99 = async () =>
      (await autocannon({ url, connections: 10, duration: RUN_SECONDS })).latency.p99;

    const idle: number[] = [];
    for (let run = 0; run < 3; run++) idle.push(await p99());
    const rssBefore = rssKib(pid);

    const started = performance.now();
    await insertTranscode(db, { educationId, videoKey, streamKey: newStreamKey(), at: new Date() });
    let firstPlayable: number | undefined;
    let ready: number | undefined;
    let serverPeak = rssBefore;
    let ffmpegPeak = 0;
    const poll = setInterval(() => {
      serverPeak = Math.max(serverPeak, rssKib(pid));
      ffmpegPeak = Math.max(ffmpegPeak, childrenRssKib(pid));
      void findTranscode(db, educationId).then((row) => {
        const at = (performance.now() - started) / 1000;
        if (firstPlayable === undefined && row?.renditions) firstPlayable = at;
        if (ready === undefined && (row?.state === 'ready' || row?.state === 'failed')) {
          if (row.state === 'failed') console.log(`failed: ${row.failure}`);
          ready = at;
        }
      });
    }, 100);
    const busy: number[] = [];
    while (ready === undefined) busy.push(await p99());
    clearInterval(poll);

    const ratio = (value: number) => (value / SECONDS).toFixed(2);
    console.log(
      `video ${SECONDS} s; transcode ${ready.toFixed(1)} s (× ${ratio(ready)} of the duration; goal ≤ 1.0)`,
    );
    console.log(
      `first playable rendition ${firstPlayable?.toFixed(1)} s (× ${ratio(firstPlayable ?? NaN)}; goal ≤ 0.25)`,
    );
    console.log(`GET /api/v1/courses p99 idle ${idle.join(', ')} ms, median ${median(idle)}`);
    console.log(`  during the transcode ${busy.join(', ')} ms, median ${median(busy)}`);
    console.log(`  ratio of medians ${(median(busy) / median(idle)).toFixed(2)} (goal ≤ 1.5)`);
    console.log(
      `server RSS growth ${((serverPeak - rssBefore) / 1024).toFixed(1)} MiB (goal ≤ 32); ffmpeg peak RSS ${(ffmpegPeak / 1024).toFixed(1)} MiB`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await db.destroy();
  }
} finally {
  rmSync(root, { recursive: true, force: true });
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
