import {
  type AdjustBalanceBody,
  type AdjustBalanceResult,
  type Staff,
  walletMessages,
} from '@btcp/shared';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { profiles, transactions, users, wallets } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';
import { AppError, notFound } from '../../errors.ts';
import { fromUnits, toUnits } from '../../lib/money.ts';
import { applyLedgerEntry } from '../wallet/ledger.ts';
import { audit } from './audit.ts';

export async function listWallets(
  db: Database,
  query: { search?: string; page: number; pageSize: number },
) {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = pattern
    ? or(ilike(users.email, pattern), ilike(profiles.username, pattern))
    : undefined;
  const base = () =>
    db
      .select({
        userId: users.id,
        email: users.email,
        username: profiles.username,
        balance: wallets.balance,
      })
      .from(wallets)
      .innerJoin(users, eq(users.id, wallets.userId))
      .innerJoin(profiles, eq(profiles.id, users.id));
  const [items, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(wallets.balance), users.email)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(wallets)
      .innerJoin(users, eq(users.id, wallets.userId))
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * D1, D10: the server computes the new balance itself from {mode, amount} under the wallet's row
 * lock and writes the difference as an ADMIN_ADJUSTMENT. A repeated Idempotency-Key returns the
 * first result and changes nothing.
 */
export async function adjustBalance(
  db: Database,
  actor: Staff,
  userId: string,
  body: AdjustBalanceBody,
  idempotencyKey: string | undefined,
): Promise<AdjustBalanceResult> {
  const amount = toUnits(body.amount);
  if (body.mode !== 'set' && amount <= 0n) {
    throw new AppError(400, 'INVALID_AMOUNT', walletMessages.invalidAmount, {
      amount: walletMessages.invalidAmount,
    });
  }
  try {
    return await db.transaction(async (tx) => {
      if (idempotencyKey) {
        const seen = await replay(tx, actor.id, userId, idempotencyKey);
        if (seen) return seen;
      }
      const [wallet] = await tx
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update');
      if (!wallet) throw notFound('Wallet not found');
      const current = toUnits(wallet.balance);
      const delta = body.mode === 'set' ? amount - current : body.mode === 'add' ? amount : -amount;
      if (current + delta < 0n) {
        throw new AppError(
          400,
          'INSUFFICIENT_BALANCE',
          walletMessages.insufficientBalanceDescription,
          {
            amount: walletMessages.insufficientBalanceDescription,
          },
        );
      }
      if (delta === 0n) return { balance: wallet.balance, delta: fromUnits(0n), applied: false };
      const result = await applyLedgerEntry(tx, {
        userId,
        amount: fromUnits(delta),
        type: 'ADMIN_ADJUSTMENT',
        description: body.reason ? `Adjusted by an admin: ${body.reason}` : 'Adjusted by an admin',
        adminId: actor.id,
        reason: body.reason,
        idempotencyKey,
      });
      await audit(
        tx,
        actor,
        `wallet.${body.mode}`,
        { type: 'wallet', id: userId },
        {
          amount: body.amount,
          delta: fromUnits(delta),
          reason: body.reason ?? null,
        },
      );
      return { balance: result.balance, delta: fromUnits(delta), applied: true };
    });
  } catch (error) {
    // The same key sent twice at the same moment: the loser reports what the winner did.
    if (idempotencyKey && isUniqueViolation(error, 'transactions_idempotency_key')) {
      const seen = await db.transaction((tx) => replay(tx, actor.id, userId, idempotencyKey));
      if (seen) return seen;
    }
    throw error;
  }
}

/** The result of an adjustment already made with this key, or null. */
async function replay(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  adminId: string,
  userId: string,
  idempotencyKey: string,
): Promise<AdjustBalanceResult | null> {
  const [seen] = await tx
    .select({ amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.adminId, adminId), eq(transactions.idempotencyKey, idempotencyKey)));
  if (!seen) return null;
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return { balance: wallet?.balance ?? '0.00000000', delta: seen.amount, applied: false };
}
