/**
 * `buildApp` assembles the HTTP application without listening, so tests drive it with
 * `app.inject` and `main.ts` decides where it listens. Every route module receives the
 * dependencies it uses as arguments: no globals, easy to replace in a test.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { healthRoutes } from './health/routes.ts';
import { handleError, handleNotFound } from './http/error-handler.ts';
import { loggingOptions, REQUEST_ID_HEADER, type LogDestination } from './http/logging.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { Secrets } from './secrets.ts';
import { API_BASE_URL, siteConfigRoutes } from './site-config/routes.ts';

export interface BuildAppOptions {
  config: Config;
  secrets: Secrets;
  /** Migrated; the caller owns it and closes it after `app.close()`. */
  db: Db;
  /** Defaults to the SMTP or outbox mailer the configuration describes (closed with the app). */
  mailer?: Mailer;
  now?: Clock;
  /** Where JSON log lines go; stdout by default. The level comes from the configuration. */
  logDestination?: LogDestination;
  /** The built SPA (Vite's `dist/`); without it only the API is served. */
  spaDir?: string;
}

/** What route modules may depend on. */
export interface AppDependencies {
  config: Config;
  secrets: Secrets;
  db: Db;
  mailer: Mailer;
  now: Clock;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...loggingOptions(config.logLevel, options.logDestination),
    // Behind a reverse proxy in production: trust its X-Forwarded-* from loopback only.
    trustProxy: 'loopback',
  });
  const now = options.now ?? systemClock;
  const mailer = options.mailer ?? configuredMailer(app, config, now);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(fastifyHelmet, securityHeaders({ recaptcha: config.recaptcha !== undefined }));
  // Before any route: compression attaches itself to routes as they are added.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });

  await app.register(apiRoutes({ config, secrets: options.secrets, db: options.db, mailer, now }), {
    prefix: API_BASE_URL,
  });

  if (options.spaDir === undefined) app.setNotFoundHandler(handleNotFound);
  else await serveSpa(app, options.spaDir);

  return app;
}

/** The mailer the configuration describes, closed together with the app that owns it. */
function configuredMailer(app: FastifyInstance, config: Config, now: Clock): Mailer {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    now,
    log: app.log,
  });
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}

function apiRoutes(deps: AppDependencies): FastifyPluginAsyncZod {
  return async (api) => {
    // API answers are per user and per moment: never stored by browsers or proxies.
    api.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
    await api.register(healthRoutes(deps));
    await api.register(siteConfigRoutes(deps));
  };
}
