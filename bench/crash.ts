/**
 * `npm run bench:crash [-- --kills 200]`: crash durability. The real server (`server/main.ts`,
 * production mode) is killed with SIGKILL again and again at random moments while clients
 * create courses (multipart, with an image and every third time a PDF) and subscribe to the
 * newsletter (each with its own solved ALTCHA challenge and client address). One start in ten
 * is killed during start-up instead, before it is healthy.
 *
 * The client records every write the server acknowledged with a 2xx. After each kill, with the
 * process dead, the SQLite file is opened read-only: every acknowledged row must be there and
 * `PRAGMA integrity_check` must say ok. After each restart, before any client request: no
 * leftover in `upload-temp/`, every file in `media/` referred to by a row (no orphans) and every
 * referred file present. Loopback only; every request, every wait and the whole run are bounded.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { DATABASE_FILE } from '../server/db/database.ts';
import { MEDIA_FOLDER, UPLOAD_TEMP_FOLDER } from '../server/media/store.ts';
import { filesUnder, pdfFile } from '../tests/server/media-fixtures.ts';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import {
  courseForm,
  loginAsAdministrator,
  REQUEST_TIMEOUT_MS,
  solvedRobotCheck,
} from './support/api-client.ts';
import { clientAddress } from './support/users.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';

const { values: flags } = parseArgs({ options: { kills: { type: 'string', default: '200' } } });
const KILLS = Number(flags.kills);
if (!Number.isInteger(KILLS) || KILLS < 1) throw new Error('--kills must be a positive integer');

const COURSE_WRITERS = 2;
const SUBSCRIBERS = 2;
/** A kill comes this long after the clients started, uniformly at random. */
const MAX_LOAD_MS = 2500;
const STARTUP_KILL_SHARE = 0.1;
const MAX_STARTUP_KILL_MS = 1500;
const HEALTH_TIMEOUT_MS = 60_000;
/** Access tokens live 15 minutes; the JWT secret survives restarts (secrets.json). */
const TOKEN_REFRESH_MS = 10 * 60_000;
const RUN_DEADLINE_MS = 3 * 60 * 60_000;

interface Acknowledged {
  courses: Map<number, { title: string; withPdf: boolean }>;
  /** E-mails whose subscription was answered 204. */
  subscriptions: Set<string>;
}

interface Findings {
  kills: number;
  startupKills: number;
  lostCourses: number;
  lostSubscriptions: number;
  missingFiles: number;
  integrityFailures: string[];
  orphanFiles: number;
  leftoverTempEntries: number;
  unexpectedAnswers: string[];
}

const random = (max: number) => Math.floor(Math.random() * max);

/** Every course row's media keys, read with the server dead or idle. */
function readDatabase(dataDir: string) {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const integrity = db.prepare('pragma integrity_check').all() as { integrity_check: string }[];
    const courses = db
      .prepare('select id, title, image_key, image_card_key, pdf_key from courses')
      .all() as {
      id: number;
      title: string;
      image_key: string;
      image_card_key: string;
      pdf_key: string | null;
    }[];
    const subscribers = db
      .prepare('select email from campaign_subscriptions where unsubscribed_at is null')
      .all() as { email: string }[];
    return {
      integrity: integrity.map((row) => row.integrity_check).join(', '),
      courses,
      subscribers: new Set(subscribers.map((row) => row.email)),
    };
  } finally {
    db.close();
  }
}

/** With the process dead: every acknowledged write is there, and the file is sound. */
function checkAfterKill(dataDir: string, acknowledged: Acknowledged, findings: Findings): void {
  const { integrity, courses, subscribers } = readDatabase(dataDir);
  if (integrity !== 'ok') findings.integrityFailures.push(integrity);
  const byId = new Map(courses.map((course) => [course.id, course]));
  for (const [id, expected] of acknowledged.courses) {
    const row = byId.get(id);
    if (row?.title !== expected.title || (row.pdf_key !== null) !== expected.withPdf) {
      findings.lostCourses++;
      acknowledged.courses.delete(id); // counted once
    }
  }
  for (const email of acknowledged.subscriptions) {
    if (!subscribers.has(email)) {
      findings.lostSubscriptions++;
      acknowledged.subscriptions.delete(email);
    }
  }
}

/** After a restart, before any request: no temp leftovers, media = files referred to by rows. */
function checkAfterStart(dataDir: string, findings: Findings): void {
  findings.leftoverTempEntries += readdirSync(path.join(dataDir, UPLOAD_TEMP_FOLDER)).length;
  const referred = new Set(
    readDatabase(dataDir).courses.flatMap((course) =>
      [course.image_key, course.image_card_key, course.pdf_key].filter((key) => key !== null),
    ),
  );
  const stored = new Set(filesUnder(path.join(dataDir, MEDIA_FOLDER)));
  for (const key of stored) if (!referred.has(key)) findings.orphanFiles++;
  for (const key of referred) if (!stored.has(key)) findings.missingFiles++;
}

interface Clients {
  baseUrl: string;
  token: string;
  campaignId: number;
  image: Buffer;
  pdf: Buffer;
  acknowledged: Acknowledged;
  findings: Findings;
  /** Numbers titles, e-mails and client addresses across the whole run. */
  next(): number;
}

async function writeCourses(clients: Clients, stopped: () => boolean): Promise<void> {
  while (!stopped()) {
    const index = clients.next();
    const title = `Tečaj ${index}: otpornost na pad poslužitelja`;
    const withPdf = index % 3 === 0;
    try {
      const response = await fetch(`${clients.baseUrl}/api/v1/courses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${clients.token}` },
        body: courseForm(index, title, clients.image, withPdf ? clients.pdf : undefined),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.status === 201) {
        const { id } = JSON.parse(body) as { id: number };
        clients.acknowledged.courses.set(id, { title, withPdf });
      } else clients.findings.unexpectedAnswers.push(`course ${response.status} ${body}`);
    } catch {
      // The connection died with the server: not acknowledged, may or may not be stored.
    }
  }
}

async function subscribe(clients: Clients, stopped: () => boolean): Promise<void> {
  while (!stopped()) {
    const index = clients.next();
    const email = `pretplata-${index}@example.com`;
    try {
      const recaptchaToken = await solvedRobotCheck(clients.baseUrl);
      const response = await fetch(`${clients.baseUrl}/api/v1/campaigns/subscriptions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // One visitor per subscription (the per-address limit is 20 an hour).
          'x-forwarded-for': clientAddress(index),
        },
        body: JSON.stringify({ email, campaignId: clients.campaignId, recaptchaToken }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.status === 204) clients.acknowledged.subscriptions.add(email);
      else clients.findings.unexpectedAnswers.push(`subscription ${response.status} ${body}`);
    } catch {
      // As above.
    }
  }
}

async function campaignIdOf(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/campaigns/by-name/Courses`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return ((await response.json()) as { id: number }).id;
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-crash-'));
  const password = generateStrongPassword();
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO_PASSWORD: password,
    // Every start gets a new port; tokens are bound to the public URL, which stays.
    PUBLIC_URL: 'http://localhost:3000',
  };
  const image = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#1a7f5a' },
  })
    .jpeg()
    .toBuffer();
  const pdf = await pdfFile();
  const acknowledged: Acknowledged = { courses: new Map(), subscriptions: new Set() };
  const findings: Findings = {
    kills: 0,
    startupKills: 0,
    lostCourses: 0,
    lostSubscriptions: 0,
    missingFiles: 0,
    integrityFailures: [],
    orphanFiles: 0,
    leftoverTempEntries: 0,
    unexpectedAnswers: [],
  };
  let counter = 0;
  let token = { value: '', obtained: -Infinity };
  let acknowledgedCourses = 0;
  let acknowledgedSubscriptions = 0;
  const loadBefore = loadavg();
  const started = performance.now();
  let server: ServerProcess | undefined;

  try {
    for (let cycle = 0; cycle < KILLS; cycle++) {
      server = await spawnServer(env);
      // The first start seeds the demo content; killing it would only test seeding.
      if (cycle > 0 && Math.random() < STARTUP_KILL_SHARE) {
        await sleep(random(MAX_STARTUP_KILL_MS));
        await kill(server);
        findings.startupKills++;
      } else {
        await waitForHealth(server, HEALTH_TIMEOUT_MS);
        checkAfterStart(dataDir, findings);
        const { baseUrl } = server;
        if (performance.now() - token.obtained > TOKEN_REFRESH_MS) {
          token = {
            value: await loginAsAdministrator(baseUrl, password),
            obtained: performance.now(),
          };
        }
        const before = {
          courses: acknowledged.courses.size,
          subs: acknowledged.subscriptions.size,
        };
        const clients: Clients = {
          baseUrl,
          token: token.value,
          campaignId: await campaignIdOf(baseUrl),
          image,
          pdf,
          acknowledged,
          findings,
          next: () => counter++,
        };
        let stop = false;
        const stopped = () => stop;
        const running = [
          ...Array.from({ length: COURSE_WRITERS }, () => writeCourses(clients, stopped)),
          ...Array.from({ length: SUBSCRIBERS }, () => subscribe(clients, stopped)),
        ];
        await sleep(random(MAX_LOAD_MS));
        stop = true;
        await kill(server);
        await Promise.all(running);
        acknowledgedCourses += acknowledged.courses.size - before.courses;
        acknowledgedSubscriptions += acknowledged.subscriptions.size - before.subs;
      }
      findings.kills++;
      if (existsSync(path.join(dataDir, DATABASE_FILE))) {
        checkAfterKill(dataDir, acknowledged, findings);
      }
      if ((cycle + 1) % 20 === 0) {
        console.log(
          `  ${cycle + 1} kills, ${((performance.now() - started) / 1000).toFixed(0)} s, ` +
            `${acknowledgedCourses} courses and ${acknowledgedSubscriptions} subscriptions acknowledged`,
        );
      }
    }
    // The start after the last kill, and a clean stop.
    server = await spawnServer(env);
    await waitForHealth(server, HEALTH_TIMEOUT_MS);
    checkAfterStart(dataDir, findings);
    server.child.kill('SIGTERM');
    await server.exited;
    checkAfterKill(dataDir, acknowledged, findings);
  } finally {
    if (server?.child.exitCode === null) await kill(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const seconds = (performance.now() - started) / 1000;
  const lost = findings.lostCourses + findings.lostSubscriptions + findings.missingFiles;
  const goals = [
    ['lost acknowledged writes', lost],
    ['integrity failures', findings.integrityFailures.length],
    ['orphan files in media (summed over restarts)', findings.orphanFiles],
    ['leftover temp entries after a start (summed)', findings.leftoverTempEntries],
    ['unexpected answers (not 2xx)', findings.unexpectedAnswers.length],
  ] as const;
  console.log(
    `Crash durability: ${findings.kills} SIGKILLs (${findings.startupKills} during start-up), ` +
      `${COURSE_WRITERS} course writers and ${SUBSCRIBERS} subscribers, loopback`,
  );
  console.log(
    `  acknowledged: ${acknowledgedCourses} courses (with image, every third with a PDF), ` +
      `${acknowledgedSubscriptions} subscriptions`,
  );
  console.log(
    `  lost: ${findings.lostCourses} courses, ${findings.lostSubscriptions} subscriptions, ` +
      `${findings.missingFiles} referred files missing`,
  );
  for (const [name, count] of goals) {
    console.log(
      `  ${name.padEnd(46)} ${String(count).padStart(5)} (goal 0: ${count ? 'NOT met' : 'met'})`,
    );
  }
  for (const failure of findings.integrityFailures.slice(0, 3)) console.log(`    ${failure}`);
  for (const answer of findings.unexpectedAnswers.slice(0, 3)) console.log(`    ${answer}`);
  console.log(
    `  total ${seconds.toFixed(0)} s (${(seconds / findings.kills).toFixed(1)} s per kill); ` +
      `load average ${loadBefore[0]?.toFixed(2)} at start, ${loadavg()[0]?.toFixed(2)} at end`,
  );
  if (goals.some(([, count]) => count > 0)) process.exitCode = 1;
}

exitUnlessDoneWithin(RUN_DEADLINE_MS, 'bench:crash');
await main();
