/**
 * `npm run bench:segment-serving`: what our access check costs on every HLS segment (issue 27).
 *
 * ffmpeg makes a 36 s 720p source, which the server's own transcoder (hls.ts) turns into its
 * 360p and 720p renditions in a data folder holding one education that only the seeded user
 * may see. Two servers then serve the same segment files:
 *   - ours: the real server (server/main.ts, production mode, `npm start`'s flags and
 *     environment), through the signed expiring stream URL (signed as the server signs it, for
 *     that user), which checks the signature and the user's access on every request;
 *   - plain: Fastify with @fastify/static on the stream folder, no check at all
 *     (bench/support/plain-static-server.ts).
 * autocannon (10 connections) asks each for every segment of both renditions in turn, in
 * alternating runs of 4 s. Printed: each run's p99 and median latency and requests per second,
 * their medians, and the ratio of the median p99s (goal ≤ 1.2).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { mediaTool } from '../server/media/ffmpeg.ts';
import { API_BASE_URL } from '../server/site-config/routes.ts';
import { probeVideo } from '../server/media/video-probe.ts';
import { transcodeToHls } from '../server/transcodes/hls.ts';
import { insertTranscode } from '../server/transcodes/store.ts';
import { streamUrls } from '../server/transcodes/stream-urls.ts';
import { newStreamKey, STREAMS_FOLDER } from '../server/transcodes/streams.ts';
import { seedAccounts, USER } from '../tests/server/support/accounts.ts';
import {
  freePort,
  NODE_24,
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
} from '../tests/server/support/server-process.ts';
import { createTestApp } from '../tests/server/support/test-app.ts';
import { insertBenchEducation } from './support/bench-education.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';
import { median } from './support/statistics.ts';

const SECONDS = 36;
const ROUNDS = 5;
const RUN_SECONDS = 4;
const CONNECTIONS = 10;
const GOAL = 1.2;
exitUnlessDoneWithin(10 * 60_000, 'bench:segment-serving');

interface Run {
  p99Ms: number;
  p50Ms: number;
  requestsPerSecond: number;
}

/** One run over every segment path in turn; every answer must be a whole 200. */
async function load(base: string, paths: readonly string[]): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    requests: paths.map((file) => ({ method: 'GET', path: file })),
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  if (result.errors > 0 || answered === 0 || result['2xx'] !== answered) {
    throw new Error(`${base}: ${result.errors} errors, ${answered - result['2xx']} not 200`);
  }
  return {
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    requestsPerSecond: result.requests.average,
  };
}

const root = mkdtempSync(path.join(tmpdir(), 'dental-bench-segments-'));
const dataDir = path.join(root, 'var');
mkdirSync(dataDir);
const jwtSecret = randomBytes(32).toString('base64url');
try {
  const source = path.join(root, 'source.mp4');
  console.log(`making a ${SECONDS} s 720p source and its renditions…`);
  execFileSync(mediaTool('ffmpeg'), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', source],
  ]);
  const probe = await probeVideo(source);
  if (!('video' in probe)) throw new Error(`the source was refused: ${probe.problem}`);
  const streamKey = newStreamKey();
  const folder = path.join(dataDir, STREAMS_FOLDER, streamKey);
  mkdirSync(folder, { recursive: true });
  const published: number[] = [];
  await transcodeToHls({
    source,
    folder,
    video: probe.video,
    published: [],
    threads: 2,
    onProgress: () => {},
    onPublished: async (names) => void published.splice(0, published.length, ...names),
    signal: new AbortController().signal,
  });

  // One education, restricted to the seeded user, whose stream is that folder.
  const prepared = await createTestApp(dataDir);
  await seedAccounts(prepared.db, dataDir, () => new Date());
  const user = await prepared.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', USER)
    .executeTakeFirstOrThrow();
  const { educationId, videoKey } = await insertBenchEducation(prepared.db, dataDir, {
    source,
    title: 'Bench: segments',
    allowedUserIds: [user.id],
  });
  await insertTranscode(prepared.db, {
    educationId,
    videoKey,
    streamKey,
    at: new Date(),
    published,
  });
  await prepared.close();

  const files = published.flatMap((height) =>
    readFileSync(path.join(folder, `${height}p`, 'index.m3u8'), 'utf8')
      .split('\n')
      .filter((line) => line.endsWith('.ts'))
      .map((segment) => `${height}p/${segment}`),
  );
  const prefix = streamUrls({
    jwtSecret,
    lifetimeHours: 4,
    basePath: API_BASE_URL,
    now: () => new Date(),
  }).prefix(educationId, streamKey, user.id);

  const environment = await startEnvironment(PROJECT_ROOT);
  const server = await spawnServer(
    { ...environment, DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: jwtSecret },
    { nodeFlags: startFlags(PROJECT_ROOT) },
  );
  const plainPort = await freePort();
  const plain = spawn(
    NODE_24,
    [
      ...startFlags(PROJECT_ROOT),
      path.join(PROJECT_ROOT, 'bench/support/plain-static-server.ts'),
      folder,
      String(plainPort),
    ],
    {
      env: { ...process.env, ...environment, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await waitForHealth(server, 60_000);
    await new Promise<void>((resolve, reject) => {
      plain.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      plain.once('exit', () => reject(new Error('the plain static server stopped')));
    });
    const targets = {
      ours: { base: server.baseUrl, paths: files.map((file) => `${prefix}${file}`) },
      plain: {
        base: `http://127.0.0.1:${plainPort}`,
        paths: files.map((file) => `/stream/${file}`),
      },
    };
    const sizes = files.map((file) => readFileSync(path.join(folder, file)).length);
    console.log(
      `${files.length} segments of ${published.map((height) => `${height}p`).join(' and ')}, median ${(median(sizes) / 1024).toFixed(0)} KiB`,
    );
    // Warm both up (JIT, the database's page cache), unmeasured.
    for (const target of Object.values(targets)) await load(target.base, target.paths);

    const runs: Record<keyof typeof targets, Run[]> = { ours: [], plain: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['ours', 'plain'] as const) : (['plain', 'ours'] as const);
      for (const name of order)
        runs[name].push(await load(targets[name].base, targets[name].paths));
    }
    for (const name of ['ours', 'plain'] as const) {
      const list = runs[name];
      console.log(
        `${name.padEnd(5)} p99 ${list.map((run) => run.p99Ms).join(', ')} ms (median ${median(list.map((run) => run.p99Ms))}); ` +
          `p50 median ${median(list.map((run) => run.p50Ms))} ms; ${median(list.map((run) => run.requestsPerSecond)).toFixed(0)} req/s`,
      );
    }
    const ratio =
      median(runs.ours.map((run) => run.p99Ms)) / median(runs.plain.map((run) => run.p99Ms));
    const p50Ratio =
      median(runs.ours.map((run) => run.p50Ms)) / median(runs.plain.map((run) => run.p50Ms));
    console.log(
      `p99 ratio ours / plain ${ratio.toFixed(2)} (goal ≤ ${GOAL}); p50 ratio ${p50Ratio.toFixed(2)}`,
    );
  } finally {
    plain.kill('SIGTERM');
    server.child.kill('SIGTERM');
    await server.exited;
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
