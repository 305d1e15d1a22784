/**
 * `npm run build && npm run bench:first-visit-tasks [-- --runs 10 --baseline DIR]`: the main
 * thread's work of a first visit to every public page, read from Chromium's own trace of the
 * load, with no simulation in between. Lighthouse turns the same tasks into a simulated phone's
 * total blocking time, but its simulation also stretches the browser's own work (creating the
 * page's JavaScript context, layout), and on a machine whose page faults are slow that swamps a
 * change to our scripts (docs/decisions/0033). Here, per page and build (medians of the runs):
 *
 * - `after paint`: the main thread's busy time from the first contentful paint until the network
 *   has been idle for a second (the app starts, evaluates and hydrates in it);
 * - `longest`: its longest task;
 * - `blocking ×4`: the sum of `4 × task − 50 ms` over those tasks, Lighthouse's total blocking
 *   time of a phone four times slower than this machine, without the simulated network.
 *
 * Every run opens a fresh browser context (cold cache) with the gate cookies where the page
 * needs them. `--baseline DIR` names another built checkout (with its node_modules): its server
 * runs beside this one and the builds alternate, run by run, so both share the machine's moods.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { PROJECT_ROOT } from '../tests/server/support/server-process.ts';
import { formatLoad, startBuild, stopBuild, type Build } from './support/built-checkout.ts';
import { GATE_COOKIES, PUBLIC_PAGES } from './support/public-pages.ts';
import { median } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, baseline: { type: 'string' } },
});
const RUNS = Number(flags.runs);
if (!(Number.isInteger(RUNS) && RUNS >= 1 && RUNS <= 50)) throw new Error('--runs: 1 to 50');
const BASELINE = flags.baseline === undefined ? undefined : path.resolve(flags.baseline);

/** Lighthouse's mobile CPU slowdown and its threshold of a long task. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const QUIET_MS = 1000;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'v8.execute',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string }; frame?: string };
}

interface Measurement {
  afterPaintMs: number;
  longestMs: number;
  blockingMs: number;
}

/** The page's main-thread tasks after its first contentful paint, from a trace of the load. */
function measureTrace(events: TraceEvent[], url: string): Measurement {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url,
  );
  if (!parse) throw new Error(`No HTML parsing of ${url} in the trace`);
  const onMain = (event: TraceEvent) => event.pid === parse.pid && event.tid === parse.tid;
  const paint = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid,
  );
  if (!paint) throw new Error(`No first contentful paint of ${url} in the trace`);
  let afterPaintMs = 0;
  let longestMs = 0;
  let blockingMs = 0;
  for (const task of events) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || !onMain(task)) continue;
    const end = task.ts + (task.dur ?? 0);
    if (end <= paint.ts) continue;
    const ms = (end - Math.max(task.ts, paint.ts)) / 1000;
    afterPaintMs += ms;
    longestMs = Math.max(longestMs, ms);
    blockingMs += Math.max(0, CPU_SLOWDOWN * ms - LONG_TASK_MS);
  }
  return { afterPaintMs, longestMs, blockingMs };
}

async function measure(browser: Browser, url: string, withGateCookies: boolean) {
  const context = await browser.newContext();
  try {
    if (withGateCookies) {
      await context.addCookies(GATE_COOKIES.map((cookie) => ({ ...cookie, url })));
    }
    const page = await context.newPage();
    // The whole browser: the navigation may commit in a renderer other than the blank page's.
    await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(QUIET_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    return measureTrace(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

/** Chromium now and then leaves the page's events out of a trace on a busy machine: repeated. */
const ATTEMPTS = 3;

async function measureWithRetries(browser: Browser, url: string, withGateCookies: boolean) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(browser, url, withGateCookies);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.log(`  ${url}: attempt ${attempt} failed, repeated: ${String(error)}`);
    }
  }
}

const builds: Build[] = [];
const results = new Map<string, Measurement[]>();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  builds.push(await startBuild('this checkout', PROJECT_ROOT));
  if (BASELINE) builds.push(await startBuild('baseline', BASELINE));
  console.log(`Load average at the start: ${formatLoad()}`);
  for (const page of PUBLIC_PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const order = run % 2 === 1 ? builds : [...builds].reverse();
      for (const build of order) {
        const url = `${build.server.baseUrl}${page.path}`;
        const measurement = await measureWithRetries(browser, url, page.withGateCookies);
        const key = `${page.label}\u0000${build.name}`;
        results.set(key, [...(results.get(key) ?? []), measurement]);
      }
    }
  }
  console.log(`Load average at the end: ${formatLoad()}`);
} finally {
  await browser.close();
  for (const build of builds) await stopBuild(build);
}

const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`\nMedians of ${RUNS} runs:`);
console.log('| page | build | after paint | longest | blocking ×4 |');
console.log('|---|---|---|---|---|');
for (const page of PUBLIC_PAGES) {
  for (const build of builds) {
    const runs = results.get(`${page.label}\u0000${build.name}`) ?? [];
    const of = (metric: keyof Measurement) => ms(median(runs.map((run) => run[metric])));
    console.log(
      `| ${page.label} | ${build.name} | ${of('afterPaintMs')} | ${of('longestMs')} | ` +
        `${of('blockingMs')} |`,
    );
  }
}
