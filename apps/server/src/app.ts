import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogFeedRoutes } from '#server/modules/blog/index.ts';
import { probeRoutes } from '#server/modules/health/index.ts';
import type { Mailer } from '#server/modules/mail/index.ts';
import type { MediaStorage } from '#server/modules/media/index.ts';
import { mediaFileRoutes } from '#server/modules/media/index.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandler } from './errors.ts';
import type { Clock } from './lib/clock.ts';
import { withErrorSerializer } from './lib/log-errors.ts';
import { QuietRequestLog } from './lib/request-log.ts';
import { createProcessMetrics } from './ops/metrics.ts';
import { resolvePageMeta } from './page-meta.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { apiRoutes, notFound } from './routes.ts';
import { decorateServices, runUntilClosed } from './services.ts';
import { boundJsonShape, validatorWithStorableText } from './validator.ts';

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

/**
 * Logs are JSON lines, for whatever collects them; in development at a terminal they are pretty
 * (pino-pretty, in a worker thread) unless LOG_FORMAT says otherwise.
 */
export function loggerOptions(config: Config, isTerminal = Boolean(process.stdout.isTTY)) {
  const format = config.LOG_FORMAT ?? (!config.isProduction && isTerminal ? 'pretty' : 'json');
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(format === 'pretty' && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    }),
  };
}

/**
 * Builds the whole application without listening: the services, then external plugins, then the
 * app's, then routes. Tests call it with their own database and use `app.inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: withErrorSerializer(deps.logger ?? loggerOptions(config)),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    logController: new QuietRequestLog(),
    routerOptions: { ignoreTrailingSlash: true },
    // A closing process serves what arrives on its open connections while it drains them
    // (graceful-shutdown.ts), rather than refuse it with a 503 that a rolling restart would count.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  boundJsonShape(app);
  app.setValidatorCompiler(validatorWithStorableText);
  app.setSerializerCompiler(serializerCompiler);
  const services = await decorateServices(app, deps);
  // Before every route, so each is timed (docs/decisions/032); nothing at all when metrics are off.
  app.decorate('metrics', config.METRICS_PORT ? createProcessMetrics(app, deps.database) : null);
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('staff', null);
  registerErrorHandler(app);

  const { allowedOrigins, isProduction } = config;
  await app.register(securityPlugin, { allowedOrigins, isProduction });
  // Dynamic responses (JSON, page HTML); built assets are compressed once at build time instead.
  // Requests are never decompressed: no page sends a compressed body, and the hook that would
  // cost every request about 3 % of a ping's CPU (docs/decisions/041). A compressed body then
  // fails to parse and is refused with a 400.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(cookie);
  await app.register(apiDocsPlugin);

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(probeRoutes);
  await app.register(mediaFileRoutes);
  await app.register(blogFeedRoutes);
  const { webDistDir, webSsrEntry } = config;
  await app.register(spaPlugin, { webDistDir, webSsrEntry, resolvePageMeta });
  app.setNotFoundHandler(notFound);

  runUntilClosed(app, services, deps.runJobs !== false);
  return app;
}
