import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
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

/**
 * Decision 060: the mining a member was paid for, per UTC day, added in the transaction that pays
 * it. `mined` is set once the day reached the qualifying time then in force and never unset;
 * `frozen` marks a missed day a freeze covered; `withheld` a day with time paid while the member
 * was banned or in a held referral (no streak bonus counts it).
 */
export const miningDays = pgTable(
  'mining_days',
  {
    userId: ownerUserId(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    mined: boolean('mined').notNull().default(false),
    frozen: boolean('frozen').notNull().default(false),
    withheld: boolean('withheld').notNull().default(false),
  },
  (table) => [
    primaryKey({ name: 'mining_days_pkey', columns: [table.userId, table.day] }),
    // The leaderboard's week: this week's rows only, by day (D28).
    index('mining_days_day_idx').on(table.day),
    check('mining_days_seconds_in_a_day', sql`${table.seconds} BETWEEN 0 AND 86400`),
    check('mining_days_mined_or_frozen', sql`NOT (${table.mined} AND ${table.frozen})`),
    check('mining_days_mined_was_paid', sql`NOT ${table.mined} OR ${table.seconds} > 0`),
  ],
);

/**
 * Decision 060: a member's streak as of the last mining day counted: its first day, its mining
 * days, the longest ever, and the freezes held (one per 7 days, at most 2).
 */
export const miningStreaks = pgTable(
  'mining_streaks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    longest: integer('longest').notNull(),
    freezes: smallint('freezes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('mining_streaks_days_positive', sql`${table.days} >= 1`),
    check('mining_streaks_longest', sql`${table.longest} >= ${table.days}`),
    check('mining_streaks_started', sql`${table.startedOn} <= ${table.lastDay}`),
    check('mining_streaks_freezes', sql`${table.freezes} BETWEEN 0 AND 2`),
  ],
);

/**
 * Decision 060: each 7-day milestone a streak reached, once (the key: a streak has one length on a
 * day), with the STREAK_BONUS row that paid it, if one did.
 */
export const streakMilestones = pgTable(
  'streak_milestones',
  {
    userId: ownerUserId(),
    day: date('day', { mode: 'string' }).notNull(),
    streakDays: integer('streak_days').notNull(),
    /** Not a foreign key: deleting an account's ledger would look each of its rows up here. */
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'streak_milestones_pkey', columns: [table.userId, table.day] }),
    check(
      'streak_milestones_every_7',
      sql`${table.streakDays} > 0 AND ${table.streakDays} % 7 = 0`,
    ),
  ],
);
