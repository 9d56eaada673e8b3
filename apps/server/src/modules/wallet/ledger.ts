import { ErrorCode, fromUnits, toUnits, walletMessages } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { transactions, wallets } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { MAX_BALANCE_UNITS } from '../../lib/money.ts';
import { notification } from '../realtime/hub.ts';

export interface LedgerEntry {
  userId: string;
  /** Exact decimal string, positive for credits, negative for debits (D10). */
  amount: string;
  type: 'MINING' | 'REFERRAL' | 'ADMIN_ADJUSTMENT';
  description: string;
  /**
   * What a credit that would take the balance past MAX_BALANCE does. 'refuse' (a person asked for
   * it): a 400 naming the limit. 'cap' (an automatic credit the user did not ask to fail): only
   * what fits is credited, and the ledger row says so; the rest is forfeited.
   */
  atLimit: 'refuse' | 'cap';
  referredUserId?: string;
  adminId?: string;
  reason?: string;
  idempotencyKey?: string;
}

export interface LedgerResult {
  /** The row written, or null when nothing was credited (a zero amount, or a full wallet). */
  transaction: typeof transactions.$inferSelect | null;
  /** What was actually credited, exactly as the ledger row records it. */
  amount: string;
  balance: string;
}

export const balanceLimitError = () =>
  new AppError(400, ErrorCode.balanceLimit, walletMessages.balanceLimit, {
    amount: walletMessages.balanceLimit,
  });

/** What a ledger row's description says when an automatic credit was capped at MAX_BALANCE. */
export const CAPPED_NOTE = ' (capped at the balance limit)';

/**
 * D10: the one way a balance changes. Locks the wallet row, writes the transaction and the new
 * balance in the caller's database transaction, so the balance always equals the sum of its
 * transactions, also when a credit is capped at MAX_BALANCE; the CHECK constraints refuse a
 * negative or oversized result. A zero amount writes nothing.
 */
export async function applyLedgerEntry(tx: Transaction, entry: LedgerEntry): Promise<LedgerResult> {
  // Named statements (issue 11): a mining ping runs these on every reward.
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .for('update')
    .prepare('lock_wallet')
    .execute({ userId: entry.userId });
  if (!wallet) throw new Error(`no wallet for user ${entry.userId}`);
  const room = MAX_BALANCE_UNITS - toUnits(wallet.balance);
  let amount = toUnits(entry.amount);
  const capped = amount > room;
  if (capped) {
    if (entry.atLimit === 'refuse') throw balanceLimitError();
    amount = room;
  }
  if (amount === 0n) return { transaction: null, amount: fromUnits(0n), balance: wallet.balance };
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: entry.userId,
      amount: fromUnits(amount),
      transactionType: entry.type,
      description: capped ? `${entry.description}${CAPPED_NOTE}` : entry.description,
      referredUserId: entry.referredUserId,
      adminId: entry.adminId,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
    })
    .returning();
  if (!row) throw new Error(`no wallet for user ${entry.userId}`);
  // The wallet is locked: its new balance is the one read plus the amount, exactly.
  const balance = fromUnits(toUnits(wallet.balance) + amount);
  // One statement: the new balance and the events, heard by the user's open pages only if this
  // transaction commits.
  await tx.execute(sql`
    WITH credited AS (
      UPDATE ${wallets} SET balance = ${wallets.balance} + ${fromUnits(amount)}::numeric,
        updated_at = now()
      WHERE ${wallets.userId} = ${entry.userId}
      RETURNING 1
    )
    SELECT ${notification(entry.userId, { type: 'balance', balance })},
      ${notification(entry.userId, { type: 'transaction', transaction: toTransaction(row) })}
    FROM credited`);
  return { transaction: row, amount: row.amount, balance };
}

export function toTransaction(row: typeof transactions.$inferSelect) {
  return {
    id: row.id,
    amount: row.amount,
    type: row.transactionType,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}
