import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts.ts';
import { createdAt, randomId } from './columns.ts';

/**
 * Web Push (docs/decisions/063-web-push.md): one row per browser a member turned push on in. The
 * endpoint is the push service's address for that browser, unique: a browser that subscribes again
 * updates its row, whoever holds it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: randomId(),
    userId: ownerUserId(),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    browser: text('browser').notNull(),
    createdAt: createdAt(),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/** A member's switches per kind; no row reads as DEFAULT_PUSH_PREFERENCES. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reply: boolean('reply').notNull().default(true),
  moderation: boolean('moderation').notNull().default(true),
  miningStopped: boolean('mining_stopped').notNull().default(true),
  streakAtRisk: boolean('streak_at_risk').notNull().default(false),
  /** The UTC day the last streak reminder was queued for: at most one a day (D28). */
  streakRemindedOn: date('streak_reminded_on', { mode: 'string' }),
});

/**
 * Notifications waiting to reach the push service, one per device, written in the transaction of
 * what they tell of and drained outside any request, as the mail queue is.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: randomId(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('push_outbox_next_attempt_idx').on(table.nextAttemptAt),
    // A gone subscription's deletion cascades here.
    index('push_outbox_subscription_idx').on(table.subscriptionId),
  ],
);

/** Deliveries and failures per minute, every process adding to the same row; kept a day. */
export const pushDeliveryCounts = pgTable('push_delivery_counts', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
});
