/**
 * Serving: configuration, data folder, database, the app (whose start-up work migrates and
 * seeds, server/startup.ts), HTTP listener, and a graceful shutdown on a signal
 * (close-with-grace: stop accepting, finish in-flight requests, close the database, exit 0).
 * `main.ts` is the process; a bench that measures against a route of its own starts the same
 * server through `serve({ beforeListen })` instead of adding that route to production code.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerRenderBundle } from './http/pages.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { existingDemoAccounts, readDemoPassword } from './seed/demo-content.ts';
import { dkimDnsRecord } from './mail/dkim.ts';
import { describeMailDestination } from './mail/mailer.ts';
import { loadSecrets } from './secrets.ts';

const SPA_BUILD_DIR = path.resolve(import.meta.dirname, '..', 'dist');
/** The server-render bundle of the same build (`npm run build`, docs/decisions/0021). */
const SERVER_RENDER_ENTRY = path.resolve(import.meta.dirname, '..', 'dist-ssr', 'entry-server.js');
/** A stuck request must not keep an orchestrator waiting forever on a stop. */
const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ServeOptions {
  /** Called with the built app before it listens: the place a bench adds its own routes. */
  beforeListen?: (app: FastifyInstance) => Promise<void>;
}

export async function serve(options: ServeOptions = {}): Promise<void> {
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
  const db = openDatabase(config);
  const spaDir = spaDirFor(config);
  const app = await buildApp({
    config,
    secrets,
    db,
    spaDir,
    serverRender: spaDir === undefined ? undefined : await loadServerRender(),
    seedDemo: true,
    dispatchNewsletters: true,
    transcodeVideos: true,
  });
  if (config.nodeEnv === 'production' && spaDir === undefined) {
    app.log.warn(`no SPA build in ${SPA_BUILD_DIR}: serving the API only (npm start builds it)`);
  }
  await options.beforeListen?.(app);
  stopGracefullyOnSignals(app, db);
  await app.listen({ port: config.port, host: config.host });
  console.log(await banner(config, db));
}

/** The build's server-render bundle, when the build made one (`npm run build` does). */
async function loadServerRender(): Promise<ServerRenderBundle | undefined> {
  if (!existsSync(SERVER_RENDER_ENTRY)) return undefined;
  return (await import(pathToFileURL(SERVER_RENDER_ENTRY).href)) as ServerRenderBundle;
}

/** The SPA is served only in production; in development Vite serves it (npm run dev). */
function spaDirFor(config: Config): string | undefined {
  if (config.nodeEnv !== 'production') return undefined;
  return existsSync(path.join(SPA_BUILD_DIR, 'index.html')) ? SPA_BUILD_DIR : undefined;
}

function stopGracefullyOnSignals(app: FastifyInstance, db: Db): void {
  // A second signal while stopping exits at once; so does passing the deadline.
  closeWithGrace({ delay: SHUTDOWN_DEADLINE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    app.log.info('stopped');
  });
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
  if (config.dkim !== undefined) {
    const record = dkimDnsRecord(config.dkim);
    lines.push(
      '  Mail is DKIM-signed; publish this DNS TXT record (once, and again after a key change):',
      `    ${record.name}  TXT  "${record.value}"`,
      '',
    );
  }
  return lines.join('\n');
}
