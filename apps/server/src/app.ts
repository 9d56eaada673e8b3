import { ApiErrorSchema, ErrorCode } from '@btcp/shared';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client.ts';
import { createSessionCache, type SessionCache } from './db/notifications/session-cache.ts';
import { createSettingsCache, type SettingsCache } from './db/notifications/settings-cache.ts';
import { createSharedPages, type SharedPages } from './db/notifications/shared-pages.ts';
import { errorBody, registerErrorHandler } from './errors.ts';
import { trackRequestsInFlight } from './graceful-shutdown.ts';
import { startMaintenanceJobs } from './jobs.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { withErrorSerializer } from './lib/log-errors.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminAuthRoutes } from './modules/admin/auth-routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createLastSeenRecorder, type LastSeenRecorder } from './modules/auth/last-seen.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { deliverAccountMail } from './modules/auth/service.ts';
import { readSessions } from './modules/auth/sessions.ts';
import { blogFeedRoutes } from './modules/blog/feed.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.ts';
import { createMailDrainer, type MailDrainer } from './modules/mail/queue.ts';
import { mailboxRoutes } from './modules/mail/routes.ts';
import { mediaFileRoutes } from './modules/media/routes.ts';
import {
  createDatabaseStorage,
  createDiskStorage,
  type MediaStorage,
} from './modules/media/storage.ts';
import { miningRoutes } from './modules/mining/routes.ts';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/hub.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { type ActiveMiningSettings, loadSettings } from './modules/settings/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { resolvePageMeta } from './page-meta.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { validatorWithoutNul } from './validator.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox in the data folder (D22). */
  mailer?: Mailer;
  /** Where uploaded images go; defaults to the media folder inside the data folder (D23). */
  mediaStorage?: MediaStorage;
  /** Pino options or false; tests pass false to keep their output readable. */
  logger?: boolean | Record<string, unknown>;
  /**
   * Whether the timed jobs run (jobs.ts); true unless a test turns them off to run each job
   * itself at the moments its manual clock names.
   */
  runJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: DatabaseKind;
    clock: Clock;
    mailer: Mailer;
    realtime: RealtimeHub;
    mediaStorage: MediaStorage;
    mailDrainer: MailDrainer;
    sessionCache: SessionCache;
    lastSeen: LastSeenRecorder;
    sharedPages: SharedPages;
    settings: SettingsCache<ActiveMiningSettings>;
  }
}

export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}

/**
 * Fastify's two info lines per request (incoming, completed) cost more than many handlers under
 * load; one line per request, at debug, is the access log (LOG_LEVEL=debug). Failures keep
 * Fastify's own logging, and 5xx answers are logged by the error handler.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply, {});
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/**
 * Builds the whole application without listening: external plugins, then app plugins, then routes
 * (STYLE: plugin layering). Tests call it with their own database and use `app.inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: withErrorSerializer(deps.logger ?? loggerOptions(config)),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    logController: new QuietRequestLog(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorWithoutNul);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate(
    'mailer',
    deps.mailer ??
      (config.SMTP_URL
        ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : createOutboxMailer(`${config.dataDir}/outbox`, app.log, systemClock)),
  );
  app.decorate(
    'mediaStorage',
    deps.mediaStorage ??
      (database.kind === 'postgres'
        ? createDatabaseStorage(database.db)
        : createDiskStorage(`${config.dataDir}/media`)),
  );
  const mailDrainer = createMailDrainer(
    { db: database.db, clock: app.clock, config, mailer: app.mailer, log: app.log },
    deliverAccountMail,
  );
  app.decorate('mailDrainer', mailDrainer);
  const realtime = await createRealtimeHub(database, app.log);
  app.decorate('realtime', realtime);
  const sessionCache = await createSessionCache(database, app.log, (tokenHashes, now) =>
    readSessions(database.db, tokenHashes, now),
  );
  app.decorate('sessionCache', sessionCache);
  const lastSeen = createLastSeenRecorder(database.db, app.log);
  app.decorate('lastSeen', lastSeen);
  const sharedPages = await createSharedPages(database);
  app.decorate('sharedPages', sharedPages);
  const settings = await createSettingsCache(database, () => loadSettings(database.db));
  app.decorate('settings', settings);
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('staff', null);
  registerErrorHandler(app);

  await app.register(securityPlugin, {
    allowedOrigins: config.allowedOrigins,
    isProduction: config.isProduction,
  });
  // Dynamic responses (JSON, page HTML); built assets are compressed once at build time instead.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'BTCP API',
        version: '1.0.0',
        description:
          'The API behind the BTCP web app. Every error has the shape { error: { code, message, fields? } }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Every documented route lists its failures too, in the one error shape (issue 13): the error
  // handler writes nothing else, and the serializer holds it to that.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    route.schema.response = { '4XX': ApiErrorSchema, '5XX': ApiErrorSchema, ...response };
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(mailboxRoutes);
      await api.register(miningRoutes);
      await api.register(walletRoutes);
      await api.register(referralRoutes);
      await api.register(blogRoutes);
      await api.register(communityRoutes);
      await api.register(realtimeRoutes);
      await api.register(adminAuthRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await app.register(mediaFileRoutes);
  await app.register(blogFeedRoutes);
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    webSsrEntry: config.webSsrEntry,
    resolvePageMeta,
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (`/assets/x.js`) is a 404, not the app's HTML.
      !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage) return app.sendSpaPage(request, reply);
    return reply
      .status(404)
      .send(errorBody(ErrorCode.notFound, `No route ${request.method} ${pathname}`));
  });

  const requestsInFlight = trackRequestsInFlight(app);
  const stopJobs = deps.runJobs === false ? async () => {} : startMaintenanceJobs(app);
  // Runs once Fastify's own close has stopped listening and every connection has ended.
  app.addHook('onClose', async () => {
    await Promise.all([
      requestsInFlight.settled(),
      stopJobs(),
      mailDrainer.stop(),
      realtime.close(),
    ]);
    // The last requests may still have settled a cache through these listeners, or noted a user.
    await Promise.all([
      sessionCache.close(),
      sharedPages.close(),
      settings.close(),
      lastSeen.flush(),
    ]);
    await database.close();
  });

  return app;
}
