/**
 * `npm run bench:postgres`: `GET /api/v1/courses` and login throughput of one server process on
 * SQLite, one on PostgreSQL and two on one PostgreSQL database (issue 16), in the same run.
 *
 * A throwaway PostgreSQL cluster (scripts/postgres-cluster.ts) runs with production's durability
 * (fsync, synchronous commit), as SQLite commits to disk too. Each setup gets its own data
 * folder and database, the demo content, 20 courses created through the API and bench users.
 * The courses list is loaded by autocannon, 10 connections in all (with two processes, 5 on
 * each: the balancing a proxy would do); logins come from 10 clients, each with its own client
 * address and e-mail (the rate limits stay on) and a real ALTCHA solution solved before the clock
 * starts. The setups take turns, in alternating order, round by round; medians of the rounds
 * (with two processes, the courses p99 is the worse of the two processes' own).
 * The two processes share the machine's 2 cores with the database and the client, so the
 * figures say what a second process costs or brings on one machine, not on two. That is why
 * the CPU time is read too (/proc): the servers' and the database's (the postmaster with all
 * its backends) per request or login, which the share of the cores does not change, and the
 * cores kept busy by all of them with the client, which says whether the machine was the limit.
 * On PostgreSQL the database's transactions (pg_stat_database) say how many requests shared one
 * freshness check of the list (server/courses/list-cache.ts); the idle dispatchers' polls, one
 * a second per process, are among them, a few against thousands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateStrongPassword } from '../server/auth/password-rules.ts';
import { startPostgresCluster } from '../scripts/postgres-cluster.ts';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/server-process.ts';
import { databaseUrl } from '../tests/server/support/test-database.ts';
import {
  REQUEST_TIMEOUT_MS,
  loginAsAdministrator,
  solvedRobotCheck,
} from './support/api-client.ts';
import { createCourses } from './support/courses.ts';
import { exitUnlessDoneWithin } from './support/deadline.ts';
import { cpuMs, parentOf, treeCpuMs } from './support/process-cpu.ts';
import { startEnvironment, startFlags } from './support/start-flags.ts';
import { median, percentile } from './support/statistics.ts';
import { benchEmail, clientAddress, pool, seedUsers } from './support/users.ts';

const COURSES = 20;
const ROUNDS = 3;
const RUN_SECONDS = 4;
const CONNECTIONS = 10;
const LOGINS_PER_ROUND = 40;
const LOGIN_CLIENTS = 10;
const USERS = LOGINS_PER_ROUND * ROUNDS;
exitUnlessDoneWithin(20 * 60_000, 'bench:postgres');

/** A setup's database on the bench's PostgreSQL cluster. */
interface Database {
  name: string;
  url: string;
  /** The cluster's postmaster: its CPU time with its backends' is the database's. */
  postmaster: number;
  /** A connection of the bench's own, to read the database's statistics. */
  monitor: pg.Client;
}

interface Setup {
  name: string;
  servers: ServerProcess[];
  /** Undefined on SQLite. */
  database: Database | undefined;
  dataDir: string;
  coursesRps: number[];
  coursesP99: number[];
  coursesServerCpuUs: number[];
  coursesDatabaseCpuUs: number[];
  coursesPerTransaction: number[];
  coursesCores: number[];
  loginsPerSecond: number[];
  loginP99: number[];
  loginCpuMs: number[];
}

interface Measured<T> {
  result: T;
  wallMs: number;
  /** The setup's server processes. */
  serverCpuMs: number;
  /** The whole PostgreSQL cluster on PostgreSQL; 0 on SQLite, where it is the server's. */
  databaseCpuMs: number;
  /** This process: autocannon or the login clients. */
  clientCpuMs: number;
  /** The database's transactions on PostgreSQL. */
  transactions: number | undefined;
}

/**
 * A backend reports its statistics at most once a second, when idle: read them after that,
 * so that both readings hold all that came before them.
 */
async function reportedTransactions(database: Database | undefined) {
  if (database === undefined) return undefined;
  await sleep(1500);
  const { rows } = await database.monitor.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
    [database.name],
  );
  return Number(rows[0]?.count);
}

/** `work` with its wall time and the CPU time and transactions it cost. */
async function measured<T>(setup: Setup, work: () => Promise<T>): Promise<Measured<T>> {
  const serverCpu = () =>
    setup.servers.reduce((sum, server) => sum + cpuMs(server.child.pid ?? 0), 0);
  const databaseCpu = () =>
    setup.database === undefined ? 0 : treeCpuMs(setup.database.postmaster);
  const transactionsBefore = await reportedTransactions(setup.database);
  const serverBefore = serverCpu();
  const databaseBefore = databaseCpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const serverCpuMs = serverCpu() - serverBefore;
  const databaseCpuMs = databaseCpu() - databaseBefore;
  const transactionsAfter = await reportedTransactions(setup.database);
  return {
    result,
    wallMs,
    serverCpuMs,
    databaseCpuMs,
    clientCpuMs: (client.user + client.system) / 1000,
    transactions:
      transactionsAfter === undefined || transactionsBefore === undefined
        ? undefined
        : transactionsAfter - transactionsBefore,
  };
}

const password = generateStrongPassword();
const NODE_FLAGS = startFlags(path.resolve(import.meta.dirname, '..'));
const START_ENV = await startEnvironment(path.resolve(import.meta.dirname, '..'));

async function startSetup(name: string, processes: number, database: Database | undefined) {
  const url = database?.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-postgres-'));
  // Empty means SQLite (the configuration's rule), overriding a DATABASE_URL of the shell.
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url ?? '',
    NODE_ENV: 'production',
    DEMO_PASSWORD: password,
    PUBLIC_URL: 'http://localhost:8080',
  };
  const setup: Setup = {
    name,
    servers: [],
    database,
    dataDir,
    coursesRps: [],
    coursesP99: [],
    coursesServerCpuUs: [],
    coursesDatabaseCpuUs: [],
    coursesPerTransaction: [],
    coursesCores: [],
    loginsPerSecond: [],
    loginP99: [],
    loginCpuMs: [],
  };
  // One after the other: the first seeds the demo content, as a rolling deploy would.
  for (let index = 0; index < processes; index++) {
    const server = await spawnServer({ ...START_ENV, ...env }, { nodeFlags: NODE_FLAGS });
    setup.servers.push(server);
    await waitForHealth(server, 60_000);
  }
  // After the first start: the demo content is seeded only into a database without users.
  await seedUsers({ dataDir, databaseUrl: url }, password, USERS);
  const first = setup.servers[0] as ServerProcess;
  await createCourses(first.baseUrl, await loginAsAdministrator(first.baseUrl, password), COURSES);
  return setup;
}

/** The list from every process of the setup at once, the connections shared out. */
async function loadCourses(setup: Setup) {
  const share = CONNECTIONS / setup.servers.length;
  const run = await measured(setup, () =>
    Promise.all(
      setup.servers.map((server) =>
        autocannon({
          url: `${server.baseUrl}/api/v1/courses`,
          connections: share,
          duration: RUN_SECONDS,
          timeout: REQUEST_TIMEOUT_MS / 1000,
        }),
      ),
    ),
  );
  const results = run.result;
  for (const result of results) {
    if (result.errors > 0 || result.non2xx > 0) {
      throw new Error(`${setup.name}: ${result.errors} errors, ${result.non2xx} not 2xx`);
    }
  }
  setup.coursesRps.push(results.reduce((sum, result) => sum + result.requests.average, 0));
  setup.coursesP99.push(Math.max(...results.map((result) => result.latency.p99)));
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  setup.coursesServerCpuUs.push((run.serverCpuMs * 1000) / requests);
  setup.coursesDatabaseCpuUs.push((run.databaseCpuMs * 1000) / requests);
  if (run.transactions !== undefined) setup.coursesPerTransaction.push(requests / run.transactions);
  setup.coursesCores.push((run.serverCpuMs + run.databaseCpuMs + run.clientCpuMs) / run.wallMs);
}

/** `LOGINS_PER_ROUND` logins of users not logged in before, spread over the processes. */
async function loadLogins(setup: Setup, round: number) {
  const users = Array.from({ length: LOGINS_PER_ROUND }, (_, i) => round * LOGINS_PER_ROUND + i);
  const serverOf = (user: number) => setup.servers[user % setup.servers.length] as ServerProcess;
  const robotChecks = await pool(users, 4, (user) => solvedRobotCheck(serverOf(user).baseUrl));
  const run = await measured(setup, () =>
    pool(users, LOGIN_CLIENTS, async (user) => {
      const before = performance.now();
      const response = await fetch(`${serverOf(user).baseUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(user) },
        body: JSON.stringify({
          email: benchEmail(user),
          password,
          recaptchaToken: robotChecks[users.indexOf(user)],
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`login ${user}: ${response.status} ${body}`);
      return performance.now() - before;
    }),
  );
  setup.loginsPerSecond.push((LOGINS_PER_ROUND / run.wallMs) * 1000);
  setup.loginP99.push(percentile(run.result, 99));
  setup.loginCpuMs.push((run.serverCpuMs + run.databaseCpuMs) / LOGINS_PER_ROUND);
}

const cluster = startPostgresCluster({ durable: true });
const admin = new pg.Client({ connectionString: cluster.url });
const setups: Setup[] = [];
try {
  await admin.connect();
  await admin.query('create database bench_one');
  await admin.query('create database bench_two');
  const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = parentOf(rows[0]?.pid ?? 0);
  const loadBefore = loadavg();
  setups.push(await startSetup('1 process, SQLite', 1, undefined));
  const database = (name: string): Database => ({
    name,
    url: databaseUrl(cluster.url, name),
    postmaster,
    monitor: admin,
  });
  setups.push(await startSetup('1 process, PostgreSQL', 1, database('bench_one')));
  setups.push(await startSetup('2 processes, PostgreSQL', 2, database('bench_two')));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? setups : [...setups].reverse();
    for (const setup of order) await loadCourses(setup);
    for (const setup of order) await loadLogins(setup, round);
  }
  const loadAfter = loadavg();
  console.log(
    `\nGET /api/v1/courses: ${COURSES} courses, ${CONNECTIONS} connections, ${RUN_SECONDS} s, ` +
      `${ROUNDS} rounds, medians; cores busy: the servers', the database's and the client's, ` +
      `of ${cpus().length}:`,
  );
  console.table(
    setups.map((setup) => ({
      setup: setup.name,
      'req/s': median(setup.coursesRps).toFixed(0),
      'p99 ms': median(setup.coursesP99).toFixed(1),
      'server CPU µs/req': median(setup.coursesServerCpuUs).toFixed(0),
      'database CPU µs/req': median(setup.coursesDatabaseCpuUs).toFixed(0),
      'req/transaction':
        setup.database === undefined ? '-' : median(setup.coursesPerTransaction).toFixed(1),
      'cores busy': median(setup.coursesCores).toFixed(2),
    })),
  );
  console.log(
    `Logins: ${LOGINS_PER_ROUND} per round, ${LOGIN_CLIENTS} clients, medians; ` +
      `CPU: the servers' and the database's:`,
  );
  console.table(
    setups.map((setup) => ({
      setup: setup.name,
      'logins/s': median(setup.loginsPerSecond).toFixed(1),
      'p99 ms': median(setup.loginP99).toFixed(0),
      'CPU ms/login': median(setup.loginCpuMs).toFixed(0),
    })),
  );
  const [sqlite, one, two] = setups as [Setup, Setup, Setup];
  const cpuPerRequest = (setup: Setup) =>
    median(setup.coursesServerCpuUs) + median(setup.coursesDatabaseCpuUs);
  const ratios = (title: string, a: Setup, b: Setup) => {
    const ratio = (value: (setup: Setup) => number) => `x${(value(a) / value(b)).toFixed(2)}`;
    console.log(
      `${title}: courses ${ratio((setup) => median(setup.coursesRps))} ` +
        `(CPU per request ${ratio(cpuPerRequest)}), ` +
        `logins ${ratio((setup) => median(setup.loginsPerSecond))} ` +
        `(CPU per login ${ratio((setup) => median(setup.loginCpuMs))})`,
    );
  };
  ratios('PostgreSQL 1 / SQLite 1', one, sqlite);
  ratios('PostgreSQL 2 / PostgreSQL 1', two, one);
  const loads = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(`load average: ${loads(loadBefore)} before, ${loads(loadAfter)} after`);
} finally {
  for (const setup of setups) {
    for (const server of setup.servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(setup.dataDir, { recursive: true, force: true });
  }
  await admin.end().catch(() => undefined);
  cluster.stop();
}
