import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers, ownerUserId, users } from './accounts.ts';
import { createdAt, money, randomId, updatedAt } from './columns.ts';

export const wallets = pgTable(
  'wallets',
  {
    id: randomId(),
    userId: ownerUserId(),
    balance: money('balance').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('wallets_user_id_key').on(table.userId),
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
    // MAX_BALANCE (packages/shared): numeric(20,8) holds no more, and the rule is stated here too.
    check('wallets_balance_within_limit', sql`${table.balance} <= 999999999999.99999999`),
    // The admin wallets list: richest first, ties in a fixed order.
    index('wallets_balance_idx').on(table.balance.desc(), table.userId),
  ],
);

export const transactionTypes = ['MINING', 'REFERRAL', 'ADMIN_ADJUSTMENT', 'STREAK_BONUS'] as const;

/** The ledger (D10): a wallet's balance is always the sum of its rows here. */
export const transactions = pgTable(
  'transactions',
  {
    id: randomId(),
    userId: ownerUserId(),
    amount: money('amount').notNull(),
    transactionType: text('transaction_type', { enum: transactionTypes }).notNull(),
    description: text('description').notNull().default(''),
    /** For REFERRAL: the referred user, so a referral is paid at most once (D12). */
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For ADMIN_ADJUSTMENT: who made it, why, and the client's Idempotency-Key. */
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    // The wallet's list order, tiebreaker included, so the list is read in index order.
    index('transactions_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('transactions_user_type_idx').on(table.userId, table.transactionType),
    uniqueIndex('transactions_referral_once_key')
      .on(table.referredUserId)
      .where(sql`${table.transactionType} = 'REFERRAL'`),
    uniqueIndex('transactions_idempotency_key')
      .on(table.adminId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    check('transactions_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'transactions_type_known',
      sql`${table.transactionType} IN ('MINING', 'REFERRAL', 'ADMIN_ADJUSTMENT', 'STREAK_BONUS')`,
    ),
  ],
);

/**
 * Idempotency-Key records for admin wallet adjustments: a key belongs to one admin and stands for
 * one request (its fingerprint: wallet, mode, amount, reason). The first result is kept, no-ops
 * included, so a replay returns it and a different request under the same key is refused.
 */
export const walletAdjustmentKeys = pgTable(
  'wallet_adjustment_keys',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    userId: ownerUserId(),
    balance: money('balance').notNull(),
    delta: money('delta').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'wallet_adjustment_keys_pkey', columns: [table.adminId, table.key] }),
  ],
);
