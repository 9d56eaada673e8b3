import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts.ts';
import { createdAt, money, randomId, updatedAt } from './columns.ts';

/** One open mining session per user, enforced by the unique user_id (D11). */
export const miningSessions = pgTable(
  'mining_sessions',
  {
    id: randomId(),
    userId: ownerUserId(),
    hourlyRate: money('hourly_rate').notNull(),
    miningStartTime: timestamp('mining_start_time', { withTimezone: true }).notNull().defaultNow(),
    lastRewardTime: timestamp('last_reward_time', { withTimezone: true }).notNull().defaultNow(),
    totalMiningSeconds: integer('total_mining_seconds').notNull().default(0),
    /** The address Start came from (decision 033): many accounts mining from one is counted for review. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('mining_sessions_user_id_key').on(table.userId),
    // The crediting job looks for rewards that fell due (decision 014).
    index('mining_sessions_last_reward_idx').on(table.lastRewardTime),
    check('mining_sessions_rate_positive', sql`${table.hourlyRate} > 0`),
  ],
);

/**
 * The last ping of each open session, apart from the session (decision 014): a ping updates only
 * this narrow row, so it never waits for the crediting job, which locks the session while it pays.
 * No index on last_ping: every ping rewrites it, and without one the row is updated in place (a
 * HOT update, with room left in each page); the stale-session job scans instead.
 */
export const miningPings = pgTable('mining_pings', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => miningSessions.id, { onDelete: 'cascade' }),
  /** The session's owner, so a ping proves ownership without reading the session. */
  userId: uuid('user_id').notNull(),
  lastPing: timestamp('last_ping', { withTimezone: true }).notNull(),
});

export const miningStats = pgTable(
  'mining_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hashrate: doublePrecision('hashrate').notNull().default(0),
    sharesTotal: bigint('shares_total', { mode: 'number' }).notNull().default(0),
    sharesAccepted: bigint('shares_accepted', { mode: 'number' }).notNull().default(0),
    lastMiningTime: timestamp('last_mining_time', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'mining_stats_shares_valid',
      sql`${table.sharesAccepted} >= 0 AND ${table.sharesAccepted} <= ${table.sharesTotal}`,
    ),
  ],
);
