import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer } from '#server/modules/mail/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/** What services need from the app, without anything HTTP. */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The services' context of an app: its own database, clock, configuration, mailer and log. */
export const serviceContextOf = (app: FastifyInstance): ServiceContext => ({
  db: app.db,
  clock: app.clock,
  config: app.config,
  mailer: app.mailer,
  log: app.log,
});
