import { count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { type NumberedPageQuery, numberedPage } from '#server/db/pages.ts';
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
export async function transactionsPage(db: Database, userId: string, query: NumberedPageQuery) {
  const mine = eq(transactions.userId, userId);
  const page = await numberedPage(
    query,
    (limit, offset) =>
      db
        .select()
        .from(transactions)
        .where(mine)
        .orderBy(newestFirst(transactions.createdAt), newestFirst(transactions.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(transactions).where(mine),
  );
  return { ...page, items: page.items.map(toTransaction) };
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
