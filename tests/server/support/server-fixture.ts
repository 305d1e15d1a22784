/**
 * The shared server fixture: the real app on a fresh data folder, with a clock the test moves, a
 * mailer that records, and the demo accounts when asked. Call it at the top of a test file:
 *
 *   const server = useServer({ seedAccounts: true });
 *
 *   it('logs in', async () => {
 *     const answer = await login(server.app, ADMIN);
 *     server.clock.advance(60_000);
 *   });
 *
 * `perFile: true` builds one app for the whole file (for files whose tests only read, or keep
 * out of each other's way), otherwise every test gets its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../../server/config.ts';
import type { Db } from '../../../server/db/database.ts';
import { recordingMailer, seedAccounts, testClock } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface ServerFixture {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  readonly dataDir: string;
  readonly clock: ReturnType<typeof testClock>;
  /** What the app sent; absent with `outbox: true`, which writes .eml files instead. */
  readonly mailer: ReturnType<typeof recordingMailer>;
  /** Stops the app and starts a new one on the same data folder, as a process restart does. */
  restart(options?: RestartOptions): Promise<void>;
}

type RestartOptions = Pick<TestAppOptions, 'env'> & {
  /** The configured mailer (.eml files in the data folder's outbox) instead of the recording one. */
  outbox?: boolean;
};

export interface ServerFixtureOptions
  extends Omit<TestAppOptions, 'now' | 'mailer'>, RestartOptions {
  /** Seeds the demo accounts (support/accounts.ts: ADMIN, EMPLOYEE, USER, DEMO_PASSWORD). */
  seedAccounts?: boolean;
  /** One app for the whole file instead of one per test. */
  perFile?: boolean;
}

export function useServer(options: ServerFixtureOptions = {}): ServerFixture {
  const { seedAccounts: seed = false, perFile = false, outbox, ...appOptions } = options;
  const mailer = recordingMailer();
  let current:
    | { testApp: TestApp; dataDir: string; clock: ServerFixture['clock']; outbox: boolean }
    | undefined;

  async function open(
    dataDir: string,
    clock: ServerFixture['clock'],
    restart: RestartOptions = {},
  ) {
    const toOutbox = restart.outbox ?? outbox ?? false;
    const testApp = await createTestApp(dataDir, {
      ...appOptions,
      ...(restart.env && { env: { ...appOptions.env, ...restart.env } }),
      now: clock.now,
      ...(!toOutbox && { mailer }),
    });
    current = { testApp, dataDir, clock, outbox: toOutbox };
  }

  async function start() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-server-'));
    mailer.sent.length = 0;
    mailer.failNext = false;
    await open(dataDir, testClock());
    if (seed) await seedAccounts(started().testApp.db, dataDir, started().clock.now);
  }

  async function stop() {
    if (current === undefined) return;
    await current.testApp.close();
    rmSync(current.dataDir, { recursive: true, force: true });
    current = undefined;
  }

  if (perFile) {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }

  const started = () => {
    if (current === undefined) throw new Error('the server fixture is used outside a test');
    return current;
  };
  return {
    get app() {
      return started().testApp.app;
    },
    get db() {
      return started().testApp.db;
    },
    get config() {
      return started().testApp.config;
    },
    get dataDir() {
      return started().dataDir;
    },
    get clock() {
      return started().clock;
    },
    get mailer() {
      if (started().outbox) throw new Error('this app writes its mail to the outbox');
      return mailer;
    },
    async restart(restartOptions) {
      const { testApp, dataDir, clock } = started();
      await testApp.close();
      await open(dataDir, clock, restartOptions);
    },
  };
}
