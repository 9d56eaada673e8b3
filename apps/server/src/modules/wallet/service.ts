import { count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { transactions, wallets } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';

/** The user's balance (D10: always the sum of their transactions). */
export async function walletOf(db: Database, userId: string) {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  if (!wallet) throw notFound('Wallet not found');
  return wallet;
}

/** One page of the user's transactions, newest first (in index order, decision 013). */
export async function transactionsPage(
  db: Database,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const mine = eq(transactions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(mine)
      .orderBy(newestFirst(transactions.createdAt), newestFirst(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(transactions).where(mine),
  ]);
  return { items: rows.map(toTransaction), total: total?.value ?? 0, page, pageSize };
}

function toTransaction(row: typeof transactions.$inferSelect) {
  return {
    id: row.id,
    amount: row.amount,
    type: row.transactionType,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}
