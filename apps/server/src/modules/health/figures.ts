import { performance } from 'node:perf_hooks';
import { MINING_PING_COVERS_MS } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import { type Database, pingDatabase } from '#server/db/client.ts';
import { mailQueue, miningPings, miningSessions } from '#server/db/schema.ts';
import { loadSettings } from '#server/modules/settings/index.ts';

/** What an operator watches that only the database knows, the same for every process. */
export interface DatabaseFigures {
  minersOnline: number;
  mailQueueDepth: number;
  /** How long the oldest queued mail has waited; 0 when the queue is empty. */
  mailQueueOldestAgeSeconds: number;
  /**
   * How long the oldest reward that is due (its interval is over and the pings cover it) has
   * waited to be paid: a second or less while crediting keeps up (decision 014).
   */
  rewardsOverdueSeconds: number;
  /** One prepared round trip to the database, measured now. */
  databaseRoundTripMs: number;
}

interface FiguresRow {
  miners: number;
  mail_depth: number;
  mail_oldest: number | null;
  overdue: number | null;
}

/** The figures in one statement, plus the round trip measured on its own (what /api/health does). */
export async function readDatabaseFigures(db: Database, now: Date): Promise<DatabaseFigures> {
  const started = performance.now();
  await pingDatabase(db);
  const databaseRoundTripMs = Math.round((performance.now() - started) * 100) / 100;
  const { rewardIntervalSeconds } = await loadSettings(db);
  const interval = sql`make_interval(secs => ${rewardIntervalSeconds})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM ${miningSessions}) AS miners,
      (SELECT count(*)::int FROM ${mailQueue}) AS mail_depth,
      (SELECT extract(epoch FROM ${at} - min(${mailQueue.createdAt}))::float8 FROM ${mailQueue})
        AS mail_oldest,
      (SELECT extract(epoch FROM ${at} - min(${miningSessions.lastRewardTime} + ${interval}))::float8
        FROM ${miningSessions}
        JOIN ${miningPings} ON ${miningPings.sessionId} = ${miningSessions.id}
        WHERE ${miningSessions.lastRewardTime} <= ${at} - ${interval}
          AND ${miningSessions.lastRewardTime} + ${interval}
            <= ${miningPings.lastPing} + make_interval(secs => ${MINING_PING_COVERS_MS / 1000})
      ) AS overdue`);
  const row = (result as unknown as { rows: FiguresRow[] }).rows[0];
  return {
    minersOnline: row?.miners ?? 0,
    mailQueueDepth: row?.mail_depth ?? 0,
    mailQueueOldestAgeSeconds: Math.max(0, row?.mail_oldest ?? 0),
    rewardsOverdueSeconds: Math.max(0, row?.overdue ?? 0),
    databaseRoundTripMs,
  };
}

/**
 * The figures read at most once per `ttlMs`, however many scrapes ask meanwhile (concurrent asks
 * share one read), so a scraper or a busy dashboard costs the database one statement a few seconds.
 */
export function cachedDatabaseFigures(
  read: () => Promise<DatabaseFigures>,
  ttlMs = 5000,
): () => Promise<DatabaseFigures> {
  let cached: { at: number; figures: Promise<DatabaseFigures> } | null = null;
  return () => {
    const now = performance.now();
    if (!cached || now - cached.at > ttlMs) {
      const figures = read();
      cached = { at: now, figures };
      // A failed read is not kept: the next ask tries again.
      figures.catch(() => {
        if (cached?.figures === figures) cached = null;
      });
    }
    return cached.figures;
  };
}
