/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's default mobile run (emulated
 * phone, simulated slow 4G and CPU) on the public pages, against the real production server on an
 * empty data folder and a free loopback port. Every run gets a fresh Chromium (cold cache) with
 * the two access-gate cookies already set, as for a visitor who accepted the gate before: the
 * gate is decided in the page from `document.cookie`, so the cookies go into the browser's cookie
 * store, not into a request header. Prints the median of three runs per page.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
} from '../tests/server/support/server-process.ts';

const PAGES = ['/', '/info', '/katalozi', '/tecajevi/galerija'];
const RUNS = 3;
const GOALS = { performance: 95, accessibility: 100 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const GATE_COOKIES = [
  { name: 'prihvaceni_kolacici', value: '1' },
  { name: 'pristup_dozvoljen', value: 'true', sameSite: 'Strict' },
];

interface Measurement {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Puts the gate cookies into the browser's cookie store over the DevTools protocol. */
async function setGateCookies(port: number, url: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    const answered = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), {
        once: true,
      }),
    );
    socket.send(
      JSON.stringify({
        id: 1,
        method: 'Storage.setCookies',
        params: { cookies: GATE_COOKIES.map((cookie) => ({ ...cookie, url })) },
      }),
    );
    const answer = await answered;
    if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}

async function measure(url: string): Promise<Measurement> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await setGateCookies(chrome.port, url);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(audits)
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id);
    if (failing.length > 0) console.log(`    below 0.9: ${failing.join(', ')}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

if (!existsSync(path.join(PROJECT_ROOT, 'dist', 'index.html'))) {
  throw new Error('No dist/index.html: run `npm run build` first.');
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-lighthouse-'));
const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
const rows: (Measurement & { page: string })[] = [];
try {
  await waitForHealth(server, 60_000);
  console.log(`Lighthouse ${RUNS} runs per page, mobile defaults, ${server.baseUrl}`);
  for (const page of PAGES) {
    const runs: Measurement[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const measurement = await measure(`${server.baseUrl}${page}`);
      console.log(`  ${page} run ${run}: ${JSON.stringify(measurement)}`);
      runs.push(measurement);
    }
    const of = (key: keyof Measurement) => median(runs.map((entry) => entry[key]));
    rows.push({
      page,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcpMs: of('lcpMs'),
      cls: of('cls'),
      tbtMs: of('tbtMs'),
    });
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nMedian of each page:');
console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ` +
      `${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms |`,
  );
}
const missed = rows.filter(
  (row) => row.performance < GOALS.performance || row.accessibility < GOALS.accessibility,
);
if (missed.length > 0) {
  console.error(
    `Below the goals (performance ${GOALS.performance}, accessibility ${GOALS.accessibility}): ` +
      missed.map((row) => row.page).join(', '),
  );
  process.exitCode = 1;
}
