import { Gauge, type Registry } from 'prom-client';
import type { Database } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  cachedDatabaseFigures,
  type DatabaseFigures,
  readDatabaseFigures,
} from '#server/modules/health/index.ts';

const FIGURES: [name: string, help: string, value: (figures: DatabaseFigures) => number][] = [
  ['btcp_mining_sessions_active', 'Mining sessions open (miners online)', (f) => f.minersOnline],
  ['btcp_mail_queue_depth', 'Mails waiting to be sent', (f) => f.mailQueueDepth],
  [
    'btcp_mail_queue_oldest_age_seconds',
    'How long the oldest queued mail has waited (0 when none waits)',
    (f) => f.mailQueueOldestAgeSeconds,
  ],
  [
    'btcp_rewards_overdue_seconds',
    'How long the oldest due mining reward has waited to be paid',
    (f) => f.rewardsOverdueSeconds,
  ],
  [
    'btcp_database_round_trip_seconds',
    'One prepared round trip to the database, measured at the scrape',
    (f) => f.databaseRoundTripMs / 1000,
  ],
];

/**
 * The figures only the database knows, read by one process (the primary, or the process alone)
 * at most every few seconds whatever the number of scrapes (docs/decisions/032). While the
 * database does not answer they read NaN, and the scrape itself still succeeds.
 */
export function registerDatabaseFigures(registry: Registry, db: Database, clock: Clock) {
  const figures = cachedDatabaseFigures(() => readDatabaseFigures(db, clock.now()));
  for (const [name, help, value] of FIGURES) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = await figures().catch(() => null);
        // NaN, Prometheus's "unknown": a figure that cannot be read is not a zero.
        this.set(read ? value(read) : Number.NaN);
      },
    });
  }
}
