import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { transactions, wallets } from '../../db/schema.ts';
import { publish } from '../realtime/hub.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseOrTransaction = Database | Transaction;

export interface LedgerEntry {
  userId: string;
  /** Exact decimal string, positive for credits, negative for debits (D10). */
  amount: string;
  type: 'MINING' | 'REFERRAL' | 'ADMIN_ADJUSTMENT';
  description: string;
  referredUserId?: string;
  adminId?: string;
  reason?: string;
  idempotencyKey?: string;
}

/**
 * D10: the one way a balance changes. Locks the wallet row, writes the transaction and the new
 * balance in the caller's database transaction, so the balance always equals the sum of its
 * transactions; the CHECK constraint refuses a negative result.
 */
export async function applyLedgerEntry(tx: Transaction, entry: LedgerEntry) {
  await tx.execute(
    sql`SELECT 1 FROM ${wallets} WHERE ${wallets.userId} = ${entry.userId} FOR UPDATE`,
  );
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: entry.userId,
      amount: entry.amount,
      transactionType: entry.type,
      description: entry.description,
      referredUserId: entry.referredUserId,
      adminId: entry.adminId,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
    })
    .returning();
  const [wallet] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${entry.amount}::numeric`, updatedAt: sql`now()` })
    .where(eq(wallets.userId, entry.userId))
    .returning({ balance: wallets.balance });
  if (!row || !wallet) throw new Error(`no wallet for user ${entry.userId}`);
  // Heard by the user's open pages only if this transaction commits.
  await publish(tx, entry.userId, { type: 'balance', balance: wallet.balance });
  await publish(tx, entry.userId, { type: 'transaction', transaction: toTransaction(row) });
  return { transaction: row, balance: wallet.balance };
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
