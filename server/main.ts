/**
 * The server process: configuration, data folder, database, demo seed, HTTP listener, and a
 * graceful shutdown on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the
 * database, exit 0).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest, openDatabase, type Db } from './db/database.ts';
import { existingDemoAccounts, readDemoPassword, seedDemoContent } from './db/seed.ts';
import { describeMailDestination } from './mail/mailer.ts';
import { loadSecrets } from './secrets.ts';

const SPA_BUILD_DIR = path.resolve(import.meta.dirname, '..', 'dist');
/** A stuck request must not keep an orchestrator waiting forever on a stop. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }

  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const secrets = loadSecrets(config);
  const db = openDatabase(config.dataDir);
  await migrateToLatest(db);
  await seedDemoContent(db, {
    staffEmailDomain: config.staffEmailDomain,
    demoPassword: config.demoPassword,
    dataDir: config.dataDir,
    now: systemClock,
  });

  const spaDir = spaDirFor(config);
  const app = await buildApp({ config, secrets, db, spaDir });
  if (config.nodeEnv === 'production' && spaDir === undefined) {
    app.log.warn(`no SPA build in ${SPA_BUILD_DIR}: serving the API only (npm start builds it)`);
  }
  stopGracefullyOnSignals(app, db);
  await app.listen({ port: config.port, host: config.host });
  console.log(await banner(config, db));
}

/** The SPA is served only in production; in development Vite serves it (npm run dev). */
function spaDirFor(config: Config): string | undefined {
  if (config.nodeEnv !== 'production') return undefined;
  return existsSync(path.join(SPA_BUILD_DIR, 'index.html')) ? SPA_BUILD_DIR : undefined;
}

function stopGracefullyOnSignals(app: FastifyInstance, db: Db): void {
  const stop = async (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await db.destroy();
    app.log.info('stopped');
  };
  // `once`: a second signal while stopping gets Node's default, an immediate exit.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => {
      stop(received).catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      });
    });
  }
}

async function banner(config: Config, db: Db): Promise<string> {
  const accounts = await existingDemoAccounts(db, config.staffEmailDomain);
  const password = readDemoPassword(config.dataDir);
  const lines = [
    '',
    `  ${config.brand} is running at ${config.publicUrl}`,
    `  (listening on ${config.host}:${config.port}, data in ${config.dataDir})`,
    '',
  ];
  if (accounts.length > 0) {
    lines.push(
      `  Demo accounts (password ${password ?? 'unknown: not seeded from this data folder'}):`,
    );
    for (const account of accounts)
      lines.push(`    ${account.email.padEnd(28)} ${account.roles.join(', ')}`);
    lines.push('');
  }
  lines.push(`  Outgoing mail is ${describeMailDestination(config)}.`, '');
  return lines.join('\n');
}

try {
  await main();
} catch (error) {
  console.error('The server could not start:', error);
  process.exit(1);
}
