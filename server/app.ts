/**
 * `buildApp` runs the start-up work (startup.ts) and assembles the HTTP application without
 * listening, so tests drive it with `app.inject` and `main.ts` decides where it listens. Every
 * route module receives the dependencies it uses as arguments: no globals, easy to replace in a
 * test.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { accessTokens, type AccessTokens } from './auth/access-tokens.ts';
import { authGuards, type AuthGuards } from './auth/guards.ts';
import { sessions } from './auth/sessions.ts';
import { rolesInLiveSession } from './auth/store.ts';
import { altchaRobotCheck } from './captcha/altcha.ts';
import { recaptchaRobotCheck } from './captcha/recaptcha.ts';
import type { RobotCheck } from './captcha/robot-check.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { campaignsRoutes } from './campaigns/routes.ts';
import { campaignsService } from './campaigns/service.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { healthRoutes } from './health/routes.ts';
import { backgroundTasks } from './http/background-tasks.ts';
import { handleError, handleNotFound } from './http/error-handler.ts';
import { loggingOptions, REQUEST_ID_HEADER, type LogDestination } from './http/logging.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimiting, type RateLimits } from './http/rate-limits.ts';
import { clientErrors } from './http/client-errors.ts';
import { routerErrors } from './http/router-errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { loadPages, type Pages, type ServerRenderBundle } from './http/pages.ts';
import { serveSpa } from './http/spa.ts';
import { createBulkMailer } from './mail/bulk-mailer.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { newsletterDispatcher } from './jobs/newsletter-dispatcher.ts';
import { startAuditRetention } from './jobs/audit-retention.ts';
import { auditRoutes } from './audit/routes.ts';
import { trackCurrentRequest } from './audit/request-context.ts';
import { registerDatabaseGauges } from './metrics/database-gauges.ts';
import { registerOperationsGauges } from './metrics/operations-gauges.ts';
import { countedBulkMailer, countedMailer, countRequests } from './metrics/instrument.ts';
import { createMetrics, type Metrics } from './metrics/registry.ts';
import { metricsRoutes } from './metrics/routes.ts';
import type { Secrets } from './secrets.ts';
import { API_BASE_URL, siteConfigFor, siteConfigRoutes } from './site-config/routes.ts';
import { productsRoutes } from './products/routes.ts';
import { productsService } from './products/service.ts';
import { usersRoutes } from './users/routes.ts';
import { usersService } from './users/service.ts';
import { countriesRoutes } from './countries/routes.ts';
import { coursesRoutes } from './courses/routes.ts';
import { coursesService, type CoursesService } from './courses/service.ts';
import { referencedMediaKeys } from './media-references.ts';
import { mediaRoutes } from './media/routes.ts';
import { createMedia, type Media } from './media/service.ts';
import { MEDIA_URL_PREFIX } from './media/store.ts';
import { registerMultipart } from './media/upload.ts';
import { startUp } from './startup.ts';
import { partnersRoutes } from './partners/routes.ts';
import { partnersService } from './partners/service.ts';
import { educationsRoutes } from './educations/routes.ts';
import { educationsService } from './educations/service.ts';
import { videoStore } from './educations/videos.ts';
import { captionStore } from './transcodes/captions.ts';
import { streamUrls } from './transcodes/stream-urls.ts';
import { streamStore } from './transcodes/streams.ts';
import { transcodeWorker } from './transcodes/worker.ts';
import { streamsRoutes } from './transcodes/routes.ts';
import { streamsService } from './transcodes/service.ts';
import { newslettersRoutes } from './newsletters/routes.ts';
import { UPLOADS_PATH } from '../src/api/contract.ts';
import { educationWrites } from './educations/writes.ts';
import { uploadsRoutes } from './uploads/routes.ts';
import { startUploadSweeper } from './uploads/sweeper.ts';
import { postgresLocker } from './uploads/postgres-locker.ts';
import { videoUploads, type VideoUploads } from './uploads/video-uploads.ts';
import { diskSpace, type DiskSpace, type FreeDiskBytes } from './disk-space.ts';
import { newslettersService } from './newsletters/service.ts';
import { previewDocuments } from './newsletters/preview-documents.ts';
import { mjmlWorkerPool, type MjmlCompiler } from './newsletters/mjml-pool.ts';
import {
  renderedNewsletters,
  type RenderedNewsletters,
} from './newsletters/rendered-newsletters.ts';
import { startBackupScheduler, type BackupStatus } from './backup/schedule.ts';

export interface BuildAppOptions {
  config: Config;
  secrets: Secrets;
  /** Migrated here; the caller owns it and closes it after `app.close()`. */
  db: Db;
  /** Seeds demo content into an empty database (`main.ts`; tests seed what they need). */
  seedDemo?: boolean;
  /** Defaults to the SMTP or outbox mailer the configuration describes (closed with the app). */
  mailer?: Mailer;
  now?: Clock;
  /** Where JSON log lines go; stdout by default. The level comes from the configuration. */
  logDestination?: LogDestination;
  /** The built SPA (Vite's `dist/`); without it only the API is served. */
  spaDir?: string;
  /** The build's server-render bundle (dist-ssr/entry-server.js): pages answer rendered. */
  serverRender?: ServerRenderBundle;
  /** Replaces the default limits of the routes named (tests use small numbers). */
  rateLimits?: Partial<RateLimits>;
  /** Defaults to reCAPTCHA when its keys are configured, otherwise ALTCHA. */
  robotCheck?: RobotCheck;
  /** Told of every route as it is registered (the authorization matrix test lists them). */
  onRoute?: onRouteHookHandler;
  /**
   * Runs the newsletter dispatcher while the app is up (`main.ts`); tests drive their own
   * (server/jobs/newsletter-dispatcher.ts).
   */
  dispatchNewsletters?: boolean;
  /** Defaults to a worker thread pool (closed with the app); tests pass their own. */
  mjmlCompiler?: MjmlCompiler;
  /** Free space of the data folder's disk (server/disk-space.ts); `fs.statfs` by default. */
  freeDiskBytes?: FreeDiskBytes;
  /**
   * Runs the transcode worker while the app is up (`serve.ts`); tests drive their own
   * (server/transcodes/worker.ts).
   */
  transcodeVideos?: boolean;
}

/** What route modules may depend on. */
export interface AppDependencies {
  config: Config;
  secrets: Secrets;
  db: Db;
  mailer: Mailer;
  now: Clock;
  /** Prometheus metrics (server/metrics): counters a feature adds to, gauges it registers. */
  metrics: Metrics;
  /** `requireUser` and `requireRole(...)` for every route that is not public. */
  auth: AuthGuards;
  robotCheck: RobotCheck;
  rateLimits: RateLimits;
  /** Uploads, stored files and their URLs (server/media). */
  media: Media;
  /** Newsletter mail, rendered off the event loop once per version (previews, tests, sending). */
  renderedNewsletters: RenderedNewsletters;
  /** The data folder's free space: uploads stop above `MIN_FREE_DISK_MIB`, readiness too. */
  disk: DiskSpace;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const helmetOptions = securityHeaders({ recaptcha: config.recaptcha !== undefined });
  const app = Fastify({
    ...loggingOptions(config.logLevel, options.logDestination),
    frameworkErrors: routerErrors(helmetOptions),
    clientErrorHandler: clientErrors(helmetOptions),
    // Behind a reverse proxy in production: trust its X-Forwarded-* from loopback only.
    trustProxy: 'loopback',
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const now = options.now ?? systemClock;
  const metrics = createMetrics((error, gauge) =>
    app.log.error({ err: error, gauge }, 'metrics: a gauge could not be read'),
  );
  const mailer = countedMailer(options.mailer ?? configuredMailer(app, config, now), metrics);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  countRequests(app, metrics);

  await app.register(fastifyHelmet, helmetOptions);
  // After the request id and security headers, before everything else: a 503 costs nothing.
  await registerLoadShedding(app, config.pressure, metrics.countShed);
  // Before any route: compression attaches itself to routes as they are added.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });

  const { db, secrets } = options;
  await startUp(db, config, { now, seedDemo: options.seedDemo ?? false });
  const tokens = accessTokens({ secret: secrets.jwtSecret, publicUrl: config.publicUrl, now });
  const deps: AppDependencies = {
    config,
    secrets,
    db,
    mailer,
    now,
    metrics,
    auth: authGuards(tokens, (userId, sessionId) => rolesInLiveSession(db, userId, sessionId)),
    robotCheck: options.robotCheck ?? configuredRobotCheck(config, secrets, db, now),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    media: await createMedia({
      dataDir: config.dataDir,
      log: app.log,
      referencedKeys: referencedMediaKeys(db),
    }),
    renderedNewsletters: renderedNewsletters(
      { publicUrl: config.publicUrl, brand: config.brand },
      options.mjmlCompiler ?? configuredMjmlCompiler(app),
    ),
    disk: diskSpace({
      dataDir: config.dataDir,
      minFreeBytes: config.minFreeDiskBytes,
      freeDiskBytes: options.freeDiskBytes,
    }),
  };
  // One service, so the public list has one cache for the API and the rendered pages.
  const courses = coursesService(deps);
  const backupStatus = runDailyBackups(app, deps);
  await app.register(apiRoutes(deps, { tokens, courses, backupStatus }), {
    prefix: API_BASE_URL,
  });
  if (options.transcodeVideos === true) runTranscodeWorker(app, deps);
  if (options.dispatchNewsletters === true) runDispatcher(app, deps);
  await app.register(mediaRoutes(deps.media), { prefix: MEDIA_URL_PREFIX });
  registerDatabaseGauges(metrics, db);
  registerOperationsGauges(metrics, { ...deps, backupStatus });
  await app.register(metricsRoutes({ metrics, token: config.metricsToken }));

  if (options.spaDir === undefined) app.setNotFoundHandler(handleNotFound);
  else await serveSpa(app, options.spaDir, await renderedPages(options, deps, courses));

  return app;
}

/** The server-rendered public pages (docs/decisions/0021), when the build has their bundle. */
async function renderedPages(
  options: BuildAppOptions,
  deps: AppDependencies,
  courses: CoursesService,
): Promise<Pages | undefined> {
  if (options.spaDir === undefined || options.serverRender === undefined) return undefined;
  return loadPages({
    spaDir: options.spaDir,
    serverRender: options.serverRender,
    siteConfig: siteConfigFor(deps.config),
    courseList: courses.list,
  });
}

/** The mailer the configuration describes, closed together with the app that owns it. */
function configuredMailer(app: FastifyInstance, config: Config, now: Clock): Mailer {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dkim: config.dkim,
    dataDir: config.dataDir,
    now,
    log: app.log,
    logLinks: config.nodeEnv !== 'production',
  });
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}

/** MJML's worker thread pool, closed together with the app that owns it. */
function configuredMjmlCompiler(app: FastifyInstance): MjmlCompiler {
  const compiler = mjmlWorkerPool();
  app.addHook('onClose', async () => compiler.close());
  return compiler;
}

/** The transcode worker, started once the app is ready, stopped (its jobs given back) as it closes. */
function runTranscodeWorker(app: FastifyInstance, deps: AppDependencies): void {
  const worker = transcodeWorker({
    ...deps,
    log: app.log,
    videosRoot: videoStore(deps.config.dataDir).root,
    streams: streamStore(deps.config.dataDir),
    settings: deps.config.transcodes,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}

/** The dispatcher with its own SMTP pool, started once the app is ready, stopped as it closes. */
function runDispatcher(app: FastifyInstance, deps: AppDependencies): void {
  const { config } = deps;
  const mailer = countedBulkMailer(
    createBulkMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dkim: config.dkim,
      dataDir: config.dataDir,
      now: deps.now,
      sending: config.newsletters,
    }),
    deps.metrics,
  );
  const dispatcher = newsletterDispatcher({ ...deps, mailer, log: app.log });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    mailer.close();
  });
}

function configuredRobotCheck(config: Config, secrets: Secrets, db: Db, now: Clock): RobotCheck {
  return config.recaptcha
    ? recaptchaRobotCheck({ secretKey: config.recaptcha.secretKey })
    : altchaRobotCheck({ hmacKey: secrets.altchaHmacKey, db, now });
}

/** The daily backup when `BACKUP_HOUR` is set (server/backup/schedule.ts); answers its status. */
function runDailyBackups(
  app: FastifyInstance,
  deps: AppDependencies,
): (() => BackupStatus | undefined) | undefined {
  const { dir, hour } = deps.config.backup;
  if (dir === undefined || hour === undefined) return undefined;
  let scheduler: ReturnType<typeof startBackupScheduler> | undefined;
  app.addHook('onReady', async () => {
    scheduler = startBackupScheduler({ ...deps, log: app.log });
  });
  app.addHook('onClose', async () => scheduler?.stop());
  return () => scheduler?.status();
}

function apiRoutes(
  deps: AppDependencies,
  {
    tokens,
    courses,
    backupStatus,
  }: {
    tokens: AccessTokens;
    courses: CoursesService;
    backupStatus: (() => BackupStatus | undefined) | undefined;
  },
): FastifyPluginAsyncZod {
  const users = usersService({
    ...deps,
    accessTokens: tokens,
    sessions: sessions(deps),
  });
  return async (api) => {
    api.decorateRequest('authenticatedUser', null);
    // Before every route: the audit log reads the caller and address of the current request.
    trackCurrentRequest(api, deps.now);
    await registerRateLimiting(api, deps.db);
    // API answers are per user and per moment: never stored by browsers or proxies.
    api.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
    await api.register(healthRoutes({ ...deps, backupStatus }));
    await api.register(siteConfigRoutes(deps));
    await api.register(captchaRoutes(deps));
    await api.register(usersRoutes({ ...deps, users, background: backgroundTasks(api) }));
    await registerMultipart(api, deps.disk);
    await api.register(countriesRoutes(deps));
    await api.register(coursesRoutes({ ...deps, courses }));
    await api.register(campaignsRoutes({ ...deps, campaigns: campaignsService(deps) }));
    await api.register(productsRoutes({ ...deps, products: productsService(deps) }));
    await api.register(partnersRoutes({ ...deps, partners: partnersService(deps) }));
    const previews = previewDocuments({
      jwtSecret: deps.secrets.jwtSecret,
      basePath: API_BASE_URL,
      now: deps.now,
    });
    await api.register(
      newslettersRoutes({
        ...deps,
        newsletters: newslettersService({ ...deps, previewDocuments: previews }),
      }),
    );
    const education = educationsDeps(deps);
    await api.register(educationsRoutes({ ...deps, ...education }));
    await api.register(uploadsRoutes({ ...deps, ...education }));
    await api.register(streamsRoutes({ ...deps, ...education }));
    runUploadSweeper(api, deps, education.uploads);
    await api.register(auditRoutes(deps));
    runAuditRetention(api, deps);
    api.addHook('onClose', () => education.uploadLocker?.close());
  };
}

function educationsDeps(deps: AppDependencies) {
  const { videoMaxBytes, expiryHours, unfinishedMax } = deps.config.educationUploads;
  const videos = videoStore(deps.config.dataDir);
  // Several processes share PostgreSQL, and so must the locks on uploads (decision 0027).
  const { databaseUrl } = deps.config;
  const uploadLocker = databaseUrl === undefined ? undefined : postgresLocker({ databaseUrl });
  const uploads = videoUploads({
    ...deps,
    locker: uploadLocker,
    dataDir: deps.config.dataDir,
    videoMaxBytes,
    expiryHours,
    unfinishedMax,
    path: UPLOADS_PATH,
  });
  const signedStreams = streamUrls({
    jwtSecret: deps.secrets.jwtSecret,
    lifetimeHours: deps.config.educationVideoUrlHours,
    basePath: API_BASE_URL,
    now: deps.now,
  });
  const streams = streamStore(deps.config.dataDir);
  const captions = captionStore(deps.config.dataDir);
  return {
    educations: educationsService({ ...deps, streamUrls: signedStreams }),
    streamFiles: streamsService({ ...deps, streams, captions }),
    writes: educationWrites({ ...deps, videos, uploads, streams, captions }),
    streams,
    captions,
    videos,
    uploads,
    uploadLocker,
    videoMaxBytes,
  };
}

/** Unused tus uploads expire (decision 0019): swept once ready, then hourly, until closed. */
function runUploadSweeper(app: FastifyInstance, deps: AppDependencies, uploads: VideoUploads) {
  const sweeper = { stop: () => {} };
  const { expiryHours } = deps.config.educationUploads;
  app.addHook('onReady', async () => {
    sweeper.stop = startUploadSweeper({ ...deps, uploads, expiryHours }, app.log);
  });
  app.addHook('onClose', async () => sweeper.stop());
}

/** The audit log keeps `AUDIT_LOG_DAYS` (issue 29): pruned once ready, then hourly, until closed. */
function runAuditRetention(app: FastifyInstance, deps: AppDependencies) {
  const retention = { stop: () => {} };
  app.addHook('onReady', async () => {
    retention.stop = startAuditRetention({ ...deps, days: deps.config.auditLogDays }, app.log);
  });
  app.addHook('onClose', async () => retention.stop());
}
