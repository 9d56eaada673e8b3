import type { FastifyInstance } from 'fastify';
import {
  createLastSeenRecorder,
  type LastSeenRecorder,
  readRecentSessions,
  readSessions,
} from '#server/modules/auth/index.ts';
import { createReadiness, type Readiness } from '#server/modules/health/index.ts';
import {
  createMailDrainer,
  createOutboxMailer,
  createSmtpMailer,
  type MailDrainer,
  type Mailer,
} from '#server/modules/mail/index.ts';
import {
  createDatabaseStorage,
  createDiskStorage,
  type MediaStorage,
} from '#server/modules/media/index.ts';
import { type CreditingMonitor, createCreditingMonitor } from '#server/modules/mining/index.ts';
import { createPushDrainer } from '#server/modules/push/index.ts';
import { createRealtimeHub, type RealtimeHub } from '#server/modules/realtime/index.ts';
import { type ActiveMiningSettings, loadSettings } from '#server/modules/settings/index.ts';
import { deliverAccountMail } from '#server/modules/sign-in/index.ts';
import type { AppDeps } from './app.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client.ts';
import { createSessionCache, type SessionCache } from './db/notifications/session-cache.ts';
import { createSettingsCache, type SettingsCache } from './db/notifications/settings-cache.ts';
import { createSharedPages, type SharedPages } from './db/notifications/shared-pages.ts';
import { trackRequestsInFlight } from './graceful-shutdown.ts';
import { CREDIT_TICK_MS, startMaintenanceJobs } from './jobs.ts';
import { type Bulkheads, createBulkheads } from './lib/bulkhead.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { Drainer } from './lib/outbox.ts';

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
    pushDrainer: Drainer;
    sessionCache: SessionCache;
    lastSeen: LastSeenRecorder;
    sharedPages: SharedPages;
    settings: SettingsCache<ActiveMiningSettings>;
    readiness: Readiness;
    creditingMonitor: CreditingMonitor;
    bulkheads: Bulkheads;
  }
}

/** What the app holds open besides its routes, closed in order when it closes. */
export interface Services {
  database: DatabaseHandle;
  mailDrainer: MailDrainer;
  pushDrainer: Drainer;
  realtime: RealtimeHub;
  sessionCache: SessionCache;
  lastSeen: LastSeenRecorder;
  sharedPages: SharedPages;
  settings: SettingsCache<ActiveMiningSettings>;
}

/** Mail goes over SMTP when SMTP_URL is set, else to the outbox in the data folder (D22). */
function defaultMailer(app: FastifyInstance, config: Config): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return createOutboxMailer(`${config.dataDir}/outbox`, app.log, systemClock);
}

/** Images go to the database on a PostgreSQL server, else to the data folder (D23). */
function defaultMediaStorage(database: DatabaseHandle, config: Config): MediaStorage {
  if (database.kind === 'postgres') return createDatabaseStorage(database.db);
  return createDiskStorage(`${config.dataDir}/media`);
}

/**
 * Decorates the app with what its routes and jobs use: the configuration, the database and the
 * clock, then the services built on them and the caches that live on notifications
 * (decision 013), each handed what it reads so that none imports a module.
 */
export async function decorateServices(app: FastifyInstance, deps: AppDeps): Promise<Services> {
  const { config, database } = deps;
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('mailer', deps.mailer ?? defaultMailer(app, config));
  app.decorate('mediaStorage', deps.mediaStorage ?? defaultMediaStorage(database, config));
  const services: Services = {
    database,
    mailDrainer: createMailDrainer(
      { db: database.db, clock: app.clock, config, mailer: app.mailer, log: app.log },
      deliverAccountMail,
    ),
    // Decision 063: kicked by the NOTIFY of each commit that queued push notifications.
    pushDrainer: await createPushDrainer(
      { db: database.db, clock: app.clock, config, mailer: app.mailer, log: app.log },
      database,
    ),
    realtime: await createRealtimeHub(database, app.log, config.EVENTS_RECONNECT_WINDOW_MS),
    sessionCache: await createSessionCache(database, app.log, {
      read: (tokenHashes, now) => readSessions(database.db, tokenHashes, now),
      readRecent: (seenSince, now, limit) => readRecentSessions(database.db, seenSince, now, limit),
      now: () => app.clock.now(),
    }),
    lastSeen: createLastSeenRecorder(database.db, app.log),
    sharedPages: await createSharedPages(database),
    settings: await createSettingsCache(database, () => loadSettings(database.db)),
  };
  app.decorate('mailDrainer', services.mailDrainer);
  app.decorate('pushDrainer', services.pushDrainer);
  app.decorate('realtime', services.realtime);
  app.decorate('sessionCache', services.sessionCache);
  app.decorate('lastSeen', services.lastSeen);
  app.decorate('sharedPages', services.sharedPages);
  app.decorate('settings', services.settings);
  app.decorate('readiness', createReadiness(database));
  app.decorate('creditingMonitor', createCreditingMonitor(CREDIT_TICK_MS));
  app.decorate(
    'bulkheads',
    createBulkheads(config.bulkheads, {
      queued: config.BULKHEAD_QUEUE,
      waitMs: config.BULKHEAD_WAIT_MS,
    }),
  );
  return services;
}

/**
 * Starts the timed jobs (unless `runJobs` is false) and closes everything in order when the app
 * closes: called once every route is registered, so its request counting hooks come last.
 */
export function runUntilClosed(app: FastifyInstance, services: Services, runJobs: boolean) {
  const requestsInFlight = trackRequestsInFlight(app, app.config.EVENTS_RECONNECT_WINDOW_MS);
  const stopJobs = runJobs ? startMaintenanceJobs(app) : async () => {};
  // Runs once Fastify's own close has stopped listening and every connection has ended.
  app.addHook('onClose', async () => {
    await Promise.all([
      requestsInFlight.settled(),
      stopJobs(),
      services.mailDrainer.stop(),
      services.pushDrainer.stop(),
      services.realtime.close(),
    ]);
    // The last requests may still have settled a cache through these listeners, or noted a user.
    await Promise.all([
      services.sessionCache.close(),
      services.sharedPages.close(),
      services.settings.close(),
      services.lastSeen.flush(),
    ]);
    await services.database.close();
  });
}
