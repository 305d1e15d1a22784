/**
 * `npm run build && npm run bench:page-ttfb [-- --seconds 5 --rounds 3]`: how fast the server
 * answers a server-rendered page (docs/decisions/0021) against a static file of the same size
 * from the same server, at 50 concurrent connections: `/` (rendered at start) and `/tecajevi`
 * (rendered from the current courses list), each with the gate cookies. The static twin is a
 * file of exactly the page's byte length under `$DATA_DIR/media` (served by @fastify/static
 * from disk). Both are asked for without compression, so the bytes on the wire are equal.
 * autocannon's latency (request written to response read, for ~20-60 KB on loopback about the
 * time to first byte) is measured in rounds that alternate page and file; the ratio is
 * p99(file) / p99(page) of the medians of the rounds (goal ≥ 0.8).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer, waitForHealth } from '../tests/server/support/server-process.ts';
import { median } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const SECONDS = Number(flags.seconds);
const ROUNDS = Number(flags.rounds);
if (!(SECONDS > 0 && SECONDS <= 60 && ROUNDS >= 1 && ROUNDS <= 20)) {
  throw new Error('--seconds: 1 to 60, --rounds: 1 to 20');
}
const CONNECTIONS = 50;
const GOAL_RATIO = 0.8;
const GATE_COOKIES = 'prihvaceni_kolacici=1; pristup_dozvoljen=true';
const PAGES = ['/', '/tecajevi'];

async function p99(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { accept: 'text/html', ...headers },
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.latency.p99;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-page-ttfb-'));
const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
let missed = false;
try {
  await waitForHealth(server, 60_000);
  console.log(
    `Load average at the start: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, p99 latency in ms`);
  console.log('| page | bytes | page p99 (rounds) | same-size file p99 (rounds) | ratio |');
  console.log('|---|---|---|---|---|');
  for (const [index, page] of PAGES.entries()) {
    const headers = { cookie: GATE_COOKIES };
    const response = await fetch(`${server.baseUrl}${page}`, {
      headers: { ...headers, accept: 'text/html', 'accept-encoding': 'identity' },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(`${page} answered ${response.status}`);
    }
    // A media key (server/media/store.ts): a collection, 22 characters, an extension.
    const key = `bench/${String(index).padStart(22, 'x')}.pdf`;
    mkdirSync(path.join(dataDir, 'media', 'bench'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', key), Buffer.alloc(bytes, 'a'));
    const pageRounds: number[] = [];
    const fileRounds: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Which goes first alternates, so neither always meets the warmer machine.
      const measurePage = async () =>
        pageRounds.push(await p99(`${server.baseUrl}${page}`, headers));
      const measureFile = async () =>
        fileRounds.push(await p99(`${server.baseUrl}/media/${key}`, {}));
      if (round % 2 === 1) {
        await measurePage();
        await measureFile();
      } else {
        await measureFile();
        await measurePage();
      }
    }
    const ratio = median(fileRounds) / median(pageRounds);
    if (ratio < GOAL_RATIO) missed = true;
    console.log(
      `| ${page} | ${bytes} | ${median(pageRounds)} (${pageRounds.join(', ')}) | ` +
        `${median(fileRounds)} (${fileRounds.join(', ')}) | ${ratio.toFixed(2)} |`,
    );
  }
  console.log(
    `Load average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
if (missed) {
  console.error(`A page answered slower than ${GOAL_RATIO} of its same-size file`);
  process.exitCode = 1;
}
