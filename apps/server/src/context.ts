import type { FastifyBaseLogger } from 'fastify';
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
