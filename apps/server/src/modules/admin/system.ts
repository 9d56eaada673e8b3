import type { AdminSystem } from '@btcp/shared';
import type { FastifyInstance } from 'fastify';
import { readDatabaseFigures } from '#server/modules/health/index.ts';
import { pushLastHour } from '#server/modules/push/index.ts';

/**
 * The System card (docs/decisions/032): the figures of /metrics an operator without Prometheus
 * needs, read afresh. Streams and the job's lag are this process's; the rest is the database's,
 * the same whichever process answers.
 */
export async function systemFigures(app: FastifyInstance): Promise<AdminSystem> {
  const now = app.clock.now();
  const [figures, push] = await Promise.all([
    readDatabaseFigures(app.db, now),
    pushLastHour(app.db, now),
  ]);
  return {
    minersOnline: figures.minersOnline,
    openStreams: { thisProcess: app.realtime.connections(), processes: app.config.WEB_CONCURRENCY },
    crediting: {
      overdueSeconds: round(figures.rewardsOverdueSeconds),
      lagSeconds: round(app.creditingMonitor.lagSeconds()),
    },
    mailQueue: {
      depth: figures.mailQueueDepth,
      oldestAgeSeconds: round(figures.mailQueueOldestAgeSeconds),
    },
    pushLastHour: push,
    databaseRoundTripMs: figures.databaseRoundTripMs,
    measuredAt: now.toISOString(),
  };
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;
