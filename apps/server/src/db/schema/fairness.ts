import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { adminUsers, users } from './accounts.ts';
import { createdAt, randomId } from './columns.ts';

/**
 * Proof-of-work solutions already accepted (decision 031), kept until their challenge expires: a
 * solution works once, in whichever process it reaches first (the primary key decides).
 */
export const spentProofs = pgTable(
  'spent_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_proofs_expires_at_idx').on(table.expiresAt)],
);

/**
 * A referral not paid yet (decision 033): the referred member must verify their email and mine for
 * the qualifying time. The row goes when the bonus is paid (the REFERRAL transaction's unique
 * referred_user_id proves it was paid once) or when the referral can never pay. `held_at` is set
 * when the sign-up looked like the referrer's own network: it waits for an admin's review.
 */
export const pendingReferrals = pgTable(
  'pending_referrals',
  {
    referredUserId: uuid('referred_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Seconds the referred member has been paid for mining since signing up. */
    minedSeconds: integer('mined_seconds').notNull().default(0),
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldReason: text('held_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('pending_referrals_referrer_idx').on(table.referrerId),
    index('pending_referrals_held_idx').on(table.heldAt).where(sql`${table.heldAt} IS NOT NULL`),
    check('pending_referrals_mined_not_negative', sql`${table.minedSeconds} >= 0`),
    check('pending_referrals_not_self', sql`${table.referrerId} <> ${table.referredUserId}`),
  ],
);

export const signalKinds = ['network', 'referral_tree', 'mining_address', 'held_referral'] as const;

/**
 * An admin's answer to a Signals cluster (decision 033): banned, or found fine. The cluster shows
 * again only if it grows past the accounts it had when reviewed.
 */
export const signalReviews = pgTable(
  'signal_reviews',
  {
    id: randomId(),
    kind: text('kind', { enum: signalKinds }).notNull(),
    key: text('key').notNull(),
    accounts: integer('accounts').notNull(),
    outcome: text('outcome', { enum: ['banned', 'dismissed'] }).notNull(),
    reason: text('reason'),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('signal_reviews_kind_key').on(table.kind, table.key),
    check('signal_reviews_accounts_positive', sql`${table.accounts} > 0`),
  ],
);
