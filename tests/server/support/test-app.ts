import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Db } from '../../../server/db/database.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { testDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real application in `dataDir` (buildApp migrates it); logs are silent unless asked.
 *
 * Event-loop load shedding is off unless a test sets it: a test worker sharing two cores with
 * other workers is sometimes descheduled for over a second, and a 503 then fails a test that
 * judges something else. The shedding itself is tested with explicit limits.
 */
export async function createTestApp(
  dataDir: string,
  options: {
    env?: Record<string, string>;
  } & Partial<
    Pick<
      BuildAppOptions,
      | 'spaDir'
      | 'serverRender'
      | 'mailer'
      | 'logDestination'
      | 'now'
      | 'rateLimits'
      | 'robotCheck'
      | 'onRoute'
      | 'mjmlCompiler'
      | 'freeDiskBytes'
    >
  > = {},
): Promise<TestApp> {
  const { env, ...appOptions } = options;
  const { databaseUrl } = await testDatabase(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  const db = openDatabase(config);
  const app = await buildApp({ config, secrets: loadSecrets(config), db, ...appOptions });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
