import { createHash } from 'node:crypto';
import {
  type AdjustBalanceBody,
  type AdjustBalanceResult,
  ErrorCode,
  fromUnits,
  type Staff,
  toUnits,
  walletMessages,
} from '@btcp/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction, Transaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { newestFirst } from '#server/db/order.ts';
import { numberedPage } from '#server/db/pages.ts';
import { profiles, users, walletAdjustmentKeys, wallets } from '#server/db/schema.ts';
import { containingAnywhere, type SearchPageQuery } from '#server/db/search.ts';
import { AppError, notFound } from '#server/errors.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { audit } from '#server/modules/audit/index.ts';
import { applyLedgerEntry } from '#server/modules/wallet/index.ts';

/** Every user's wallet, largest balance first; the search is over email and username. */
export async function listWallets(db: Database, query: SearchPageQuery) {
  const where = containingAnywhere(query.search, [users.email, profiles.username]);
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
  const page = await numberedPage(
    query,
    (limit, offset) =>
      base()
        .where(where)
        .orderBy(newestFirst(wallets.balance), wallets.userId)
        .limit(limit)
        .offset(offset),
    db
      .select({ value: count() })
      .from(wallets)
      .innerJoin(users, eq(users.id, wallets.userId))
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  );
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, memberTag: memberTag(row.userId) })),
  };
}

/**
 * D1, D10: the server computes the new balance itself from {mode, amount} under the wallet's row
 * lock and writes the difference as an ADMIN_ADJUSTMENT; past MAX_BALANCE it answers 400.
 *
 * An Idempotency-Key belongs to the admin who sent it and stands for one request: the wallet, the
 * mode, the amount and the reason (its fingerprint). The first result is recorded, no-ops included,
 * in the same transaction as the change; sending the same request again returns that result with
 * applied=false, and anything else under the same key (another wallet included) is a 422. A
 * refused request (4xx) records nothing, so its key can be sent again once corrected.
 */
export async function adjustBalance(
  db: Database,
  actor: Staff,
  userId: string,
  body: AdjustBalanceBody,
  idempotencyKey: string | undefined,
): Promise<AdjustBalanceResult> {
  if (body.mode !== 'set' && toUnits(body.amount) <= 0n) {
    throw new AppError(400, ErrorCode.invalidAmount, walletMessages.invalidAmount, {
      amount: walletMessages.invalidAmount,
    });
  }
  const request: Adjustment = {
    actor,
    userId,
    body,
    idempotencyKey,
    fingerprint: requestFingerprint(userId, body),
  };
  try {
    return await db.transaction((tx) => applyAdjustment(tx, request));
  } catch (error) {
    // The same key sent twice at the same moment: the loser answers as if it came second.
    if (
      idempotencyKey &&
      (isUniqueViolation(error, 'wallet_adjustment_keys_pkey') ||
        isUniqueViolation(error, 'transactions_idempotency_key'))
    ) {
      const seen = await findKey(db, actor.id, idempotencyKey);
      // No record: the key was used before keys were recorded here (only the ledger row has it).
      if (!seen) throw idempotencyKeyReused();
      return replay(seen, request.fingerprint);
    }
    throw error;
  }
}

interface Adjustment {
  actor: Staff;
  userId: string;
  body: AdjustBalanceBody;
  idempotencyKey: string | undefined;
  fingerprint: string;
}

/** The difference an adjustment makes to a balance; a result below zero is refused. */
function deltaOf(body: AdjustBalanceBody, balance: string): bigint {
  const amount = toUnits(body.amount);
  const current = toUnits(balance);
  const delta = body.mode === 'set' ? amount - current : body.mode === 'add' ? amount : -amount;
  if (current + delta < 0n) {
    throw new AppError(
      400,
      ErrorCode.insufficientBalance,
      walletMessages.insufficientBalanceDescription,
      { amount: walletMessages.insufficientBalanceDescription },
    );
  }
  return delta;
}

/** The adjustment under the wallet's row lock: the ledger entry, its audit row, its key. */
async function applyAdjustment(tx: Transaction, request: Adjustment): Promise<AdjustBalanceResult> {
  const { actor, userId, body, idempotencyKey } = request;
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update');
  if (!wallet) throw notFound('Wallet not found');
  if (idempotencyKey) {
    const seen = await findKey(tx, actor.id, idempotencyKey);
    if (seen) return replay(seen, request.fingerprint);
  }
  const delta = deltaOf(body, wallet.balance);
  let balance = wallet.balance;
  if (delta !== 0n) {
    const result = await applyLedgerEntry(tx, {
      userId,
      amount: fromUnits(delta),
      type: 'ADMIN_ADJUSTMENT',
      description: body.reason ? `Adjusted by an admin: ${body.reason}` : 'Adjusted by an admin',
      atLimit: 'refuse',
      adminId: actor.id,
      reason: body.reason,
      idempotencyKey,
    });
    balance = result.balance;
    await audit(
      tx,
      actor,
      `wallet.${body.mode}`,
      { type: 'wallet', id: userId },
      { amount: body.amount, delta: fromUnits(delta), reason: body.reason ?? null },
    );
  }
  if (idempotencyKey) {
    await tx.insert(walletAdjustmentKeys).values({
      adminId: actor.id,
      key: idempotencyKey,
      fingerprint: request.fingerprint,
      userId,
      balance,
      delta: fromUnits(delta),
    });
  }
  return { balance, delta: fromUnits(delta), applied: delta !== 0n };
}

const idempotencyKeyReused = () =>
  new AppError(422, ErrorCode.idempotencyKeyReused, walletMessages.idempotencyKeyReused);

/** The same request however it is written: '10' and '10.0' are one amount, no reason is ''. */
function requestFingerprint(userId: string, body: AdjustBalanceBody): string {
  const canonical = JSON.stringify([
    userId,
    body.mode,
    fromUnits(toUnits(body.amount)),
    body.reason ?? '',
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

type KeyRecord = typeof walletAdjustmentKeys.$inferSelect;

async function findKey(
  db: DatabaseOrTransaction,
  adminId: string,
  key: string,
): Promise<KeyRecord | null> {
  const [seen] = await db
    .select()
    .from(walletAdjustmentKeys)
    .where(and(eq(walletAdjustmentKeys.adminId, adminId), eq(walletAdjustmentKeys.key, key)));
  return seen ?? null;
}

/** The first result for this key, or a 422 when the key now comes with a different request. */
function replay(seen: KeyRecord, fingerprint: string): AdjustBalanceResult {
  if (seen.fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { balance: seen.balance, delta: seen.delta, applied: false };
}
