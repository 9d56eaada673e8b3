import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { profiles, transactions, users } from '#server/db/schema.ts';
import { loadSettings } from '../settings/service.ts';
import { applyLedgerEntry } from '../wallet/ledger.ts';

/**
 * D12: when a referred user verifies their email, the referrer gets the bonus, once (the unique
 * index on referred_user_id backs this up), unless the referrer is banned (D9). A bonus of 0 pays
 * nothing and writes no row. A referrer whose wallet is near MAX_BALANCE gets what fits: the
 * referred user's verification must never fail because of the referrer's balance.
 */
export async function creditReferralBonus(
  tx: Transaction,
  referredUserId: string,
): Promise<boolean> {
  const [referred] = await tx
    .select({ referredBy: profiles.referredBy })
    .from(profiles)
    .where(eq(profiles.id, referredUserId));
  if (!referred?.referredBy) return false;
  const [referrer] = await tx
    .select({ id: profiles.id, isBanned: profiles.isBanned, deletedAt: users.deletedAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, referred.referredBy));
  // Decision 029: a deleted account earns nothing more; nobody could spend it.
  if (!referrer || referrer.isBanned || referrer.deletedAt) return false;
  const credited = await applyLedgerEntry(tx, {
    userId: referrer.id,
    amount: (await loadSettings(tx)).referralBonus,
    type: 'REFERRAL',
    description: 'Referral bonus: a friend you invited verified their email',
    atLimit: 'cap',
    referredUserId,
  });
  return credited.transaction !== null;
}

/** D12: the user's code, who signed up with it (verified or not yet), and what it earned. */
export async function referralStats(db: Database, userId: string) {
  const [[profile], [referred], [earned]] = await Promise.all([
    db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, userId)),
    db
      .select({ verified: count(users.emailVerifiedAt), all: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(profiles.referredBy, userId)),
    db
      .select({
        value: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,8)::text`,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.transactionType, 'REFERRAL'))),
  ]);
  // Every user has a profile (created with the account, in one transaction).
  if (!profile) throw new Error(`no profile for user ${userId}`);
  return {
    referralCode: profile.code,
    referrals: referred?.verified ?? 0,
    pendingReferrals: (referred?.all ?? 0) - (referred?.verified ?? 0),
    earnings: earned?.value ?? '0.00000000',
  };
}
