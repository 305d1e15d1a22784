/**
 * `npm run bench:preview-storm [-- --runs 3 --baseline DIR]`: issue 25's preview storm. One
 * employee previews one large newsletter (20 products) 60 times, 20 at a time, while two other
 * clients ask `GET /api/v1/courses` one request after another. Before the storm the same two
 * clients measure the course list on the idle server. Reports the p99 of the course list during
 * the storm against idle (goal ratio <= 1.5) and the requests shed with 503 (goal 0), per run and
 * as medians.
 *
 * The real server (`server/main.ts` with the Node options and environment of `npm start`,
 * production mode, default load-shedding limits) runs on an empty data folder and a free
 * loopback port; it seeds its demo content, the employee included. Each run creates a newsletter
 * of its own, so every storm starts with a newsletter no process has rendered yet.
 *
 * `--baseline DIR` names another checkout (with its node_modules), for instance a clone of main:
 * both servers run, and every run measures both, one after the other (which goes first
 * alternates), so before and after share the machine's moods. The load average is printed at
 * the start and the end. The exit status speaks for this checkout only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import {
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { logIn, REQUEST_TIMEOUT_MS } from './support/api-client.ts';
import { formatLoad } from './support/built-checkout.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';
import { median, percentile } from './support/statistics.ts';
import { pool } from './support/users.ts';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, baseline: { type: 'string' } },
});
const RUNS = Number(flags.runs);
if (!(Number.isInteger(RUNS) && RUNS >= 1 && RUNS <= 20)) throw new Error('--runs: 1 to 20');
const BASELINE = flags.baseline === undefined ? undefined : path.resolve(flags.baseline);

const PRODUCTS = 20;
const PREVIEWS = 60;
const PREVIEWS_AT_ONCE = 20;
const PROBES = 2;
const IDLE_REQUESTS_PER_PROBE = 150;
/** After a storm: under-pressure samples once a second and a lag clears within a few samples. */
const SETTLE_MS = 3000;
const GOALS = { ratio: 1.5, shed: 0 };
/** A loaded machine can take a while to start a server that seeds its demo content. */
const HEALTH_TIMEOUT_MS = 180_000;
const EMPLOYEE = 'zaposlenik@dentalia.hr';
const RUN_DEADLINE_MS = (RUNS * (BASELINE ? 2 : 1) * 120 + 300) * 1000;

interface Target {
  name: string;
  root: string;
  dataDir: string;
  server: ServerProcess;
  token: string;
  campaignId: number;
  products: { title: string; price: string; imageUrl: string }[];
  runs: Run[];
}

interface Run {
  idleP99Ms: number;
  stormP99Ms: number;
  /** Course list requests answered during the storm. */
  stormSamples: number;
  stormMs: number;
  shed: number;
  /** Answers other than 200 and 503, and failed requests. */
  unexpected: number;
}

interface Answer {
  status: number;
  ms: number;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function json<T>(response: Response, expected: number, what: string): Promise<T> {
  if (response.status !== expected) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The product images, uploaded as staff upload them: one of its own colour per product. */
async function uploadProducts(target: Target): Promise<void> {
  for (let index = 0; index < PRODUCTS; index++) {
    const image = await sharp({
      create: {
        width: 800,
        height: 500,
        channels: 3,
        background: { r: (index * 37) % 256, g: 120, b: (index * 91) % 256 },
      },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    const title = `Kompozitni materijal A${index + 1}, pakiranje od 4 šprice`;
    form.append('ProductTitle', title);
    form.append('ProductImage', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'p.jpg');
    const uploaded = await json<{ productImageUrl: string }>(
      await fetch(`${target.server.baseUrl}/api/v1/newsletters/image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.token}` },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
      201,
      'image upload',
    );
    target.products.push({
      title,
      price: `${100 + index}.50 €`,
      imageUrl: uploaded.productImageUrl,
    });
  }
}

let serial = 0;

/** A newsletter no process has rendered yet: 20 products and a few paragraphs. */
async function createNewsletter(target: Target): Promise<number> {
  serial += 1;
  const paragraph =
    'Poštovani, u ovom broju izdvajamo materijale za svakodnevni rad u ordinaciji, s cijenama ' +
    'koje vrijede do kraja mjeseca ili do isteka zaliha.';
  const created = await json<{ id: number }>(
    await fetch(`${target.server.baseUrl}/api/v1/newsletters`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: `Ponuda mjeseca ${serial}`,
        campaignId: target.campaignId,
        templateName: `ponuda-mjeseca-${serial}`,
        scheduledAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
        singleValues: {
          name: 'Ponuda mjeseca',
          body: Array.from({ length: 5 }, () => paragraph).join('\n\n'),
        },
        listValues: target.products,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
    201,
    'newsletter',
  );
  return created.id;
}

/** `GET /api/v1/courses` by `PROBES` clients, each one request after another, until `done()`. */
async function probe(target: Target, done: (sent: number) => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      for (let sent = 0; !done(sent); sent++) {
        answers.push(await timed(`${target.server.baseUrl}/api/v1/courses`));
      }
    }),
  );
  return answers;
}

async function measure(target: Target): Promise<Run> {
  const idle = await probe(target, (sent) => sent >= IDLE_REQUESTS_PER_PROBE);
  const newsletterId = await createNewsletter(target);
  let stormOver = false;
  const started = performance.now();
  const during = probe(target, () => stormOver);
  const previews = await pool(Array.from({ length: PREVIEWS }), PREVIEWS_AT_ONCE, () =>
    timed(`${target.server.baseUrl}/api/v1/newsletters/${newsletterId}/preview`, {
      headers: { authorization: `Bearer ${target.token}` },
    }),
  );
  stormOver = true;
  const stormMs = performance.now() - started;
  const storm = await during;
  await sleep(SETTLE_MS);
  const answers = [...idle, ...storm, ...previews];
  return {
    idleP99Ms: percentile(
      idle.filter((answer) => answer.status === 200).map((answer) => answer.ms),
      99,
    ),
    stormP99Ms: percentile(
      storm.filter((answer) => answer.status === 200).map((answer) => answer.ms),
      99,
    ),
    stormSamples: storm.length,
    stormMs,
    shed: answers.filter((answer) => answer.status === 503).length,
    unexpected: answers.filter((answer) => answer.status !== 200 && answer.status !== 503).length,
  };
}

async function startTarget(name: string, root: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-previews-'));
  const password = generateStrongPassword();
  const server = await spawnServer(
    {
      ...(await startEnvironment(root)),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO_PASSWORD: password,
    },
    { root, nodeFlags: startFlags(root) },
  );
  const target: Target = {
    name,
    root,
    dataDir,
    server,
    token: '',
    campaignId: 0,
    products: [],
    runs: [],
  };
  try {
    await waitForHealth(server, HEALTH_TIMEOUT_MS);
    target.token = await logIn(server.baseUrl, EMPLOYEE, password);
    const campaign = await fetch(`${server.baseUrl}/api/v1/campaigns/by-name/Catalogs`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    target.campaignId = (await json<{ id: number }>(campaign, 200, 'campaign')).id;
    await uploadProducts(target);
  } catch (error) {
    await stopTarget(target);
    throw error;
  }
  return target;
}

async function stopTarget(target: Target): Promise<void> {
  target.server.child.kill('SIGTERM');
  await target.server.exited;
  rmSync(target.dataDir, { recursive: true, force: true });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printRun(target: Target, index: number, run: Run): void {
  console.log(
    `  run ${index + 1} ${target.name.padEnd(4)} courses p99 idle ${ms(run.idleP99Ms)}, ` +
      `storm ${ms(run.stormP99Ms)} (${run.stormSamples} requests), ratio ` +
      `${(run.stormP99Ms / run.idleP99Ms).toFixed(2)}; storm ${(run.stormMs / 1000).toFixed(1)} s; ` +
      `shed ${run.shed}; unexpected ${run.unexpected}`,
  );
}

/** Prints the target's medians; true when it met the goals. */
function summarise(target: Target): boolean {
  const ratios = target.runs.map((run) => run.stormP99Ms / run.idleP99Ms);
  const ratio = median(ratios);
  const shed = target.runs.reduce((sum, run) => sum + run.shed, 0);
  const unexpected = target.runs.reduce((sum, run) => sum + run.unexpected, 0);
  console.log(`${target.name} (${target.root}):`);
  console.log(
    `  courses p99 median idle ${ms(median(target.runs.map((run) => run.idleP99Ms)))}, storm ` +
      `${ms(median(target.runs.map((run) => run.stormP99Ms)))}; ratio median ${ratio.toFixed(2)} ` +
      `(runs ${ratios.map((value) => value.toFixed(2)).join(', ')}; goal <= ${GOALS.ratio}: ` +
      `${ratio <= GOALS.ratio ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  storm median ${(median(target.runs.map((run) => run.stormMs)) / 1000).toFixed(1)} s; ` +
      `shed ${shed} in all (goal ${GOALS.shed}: ${shed === GOALS.shed ? 'met' : 'NOT met'}); ` +
      `unexpected answers ${unexpected}`,
  );
  return ratio <= GOALS.ratio && shed === GOALS.shed && unexpected === 0;
}

async function main(): Promise<void> {
  const targets: Target[] = [];
  console.log(
    `Preview storm: ${PREVIEWS} previews of a ${PRODUCTS}-product newsletter, ` +
      `${PREVIEWS_AT_ONCE} at a time, ${PROBES} course list clients; ${RUNS} runs; ` +
      `load average ${formatLoad()}`,
  );
  try {
    targets.push(await startTarget('new', PROJECT_ROOT));
    if (BASELINE) targets.push(await startTarget('old', BASELINE));
    for (let index = 0; index < RUNS; index++) {
      // Which server goes first alternates, so neither always meets the machine's same moment.
      const turn = index % 2 === 0 ? targets : [...targets].reverse();
      for (const target of turn) {
        const run = await measure(target);
        target.runs.push(run);
        printRun(target, index, run);
      }
    }
  } finally {
    for (const target of targets) await stopTarget(target);
  }
  const goalsMet = targets.map(summarise);
  console.log(`  load average at end ${formatLoad()}`);
  if (!goalsMet[0]) process.exitCode = 1;
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:preview-storm');
await main();
