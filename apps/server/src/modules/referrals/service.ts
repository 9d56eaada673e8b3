import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pendingReferrals, profiles, transactions, users } from '#server/db/schema.ts';
import { loadSettings } from '#server/modules/settings/index.ts';
import { payQualifiedReferrals } from './qualifying.ts';

/** A referred member who can still qualify: neither banned nor deleted (decision 033). */
const stillReferred = sql`${users.deletedAt} IS NULL AND NOT ${profiles.isBanned}`;

/**
 * Decision 033: the user's code, the referred members who qualified apart from those still
 * waiting (to verify, or to mine the qualifying time), and what they earned. A held referral waits
 * like any other: the referrer is not told it is being reviewed.
 */
export async function referralStats(db: Database, userId: string) {
  const waitingOf = (where?: ReturnType<typeof sql>) =>
    and(eq(pendingReferrals.referrerId, userId), stillReferred, where);
  const [[profile], [qualified], [waiting], progress, [earned], settings] = await Promise.all([
    db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, userId)),
    db
      .select({ value: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(profiles.referredBy, userId),
          stillReferred,
          sql`${users.emailVerifiedAt} IS NOT NULL`,
          sql`NOT EXISTS (SELECT 1 FROM ${pendingReferrals} WHERE ${pendingReferrals.referredUserId} = ${profiles.id})`,
        ),
      ),
    db
      .select({
        all: count(),
        unverified: sql<number>`count(*) FILTER (WHERE ${users.emailVerifiedAt} IS NULL)::int`,
      })
      .from(pendingReferrals)
      .innerJoin(users, eq(users.id, pendingReferrals.referredUserId))
      .innerJoin(profiles, eq(profiles.id, pendingReferrals.referredUserId))
      .where(waitingOf()),
    db
      .select({ minedSeconds: pendingReferrals.minedSeconds })
      .from(pendingReferrals)
      .innerJoin(users, eq(users.id, pendingReferrals.referredUserId))
      .innerJoin(profiles, eq(profiles.id, pendingReferrals.referredUserId))
      .where(waitingOf(sql`${users.emailVerifiedAt} IS NOT NULL`))
      .orderBy(sql`${pendingReferrals.minedSeconds} DESC`)
      .limit(5),
    db
      .select({
        value: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,8)::text`,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.transactionType, 'REFERRAL'))),
    loadSettings(db),
  ]);
  // Every user has a profile (created with the account, in one transaction).
  if (!profile) throw new Error(`no profile for user ${userId}`);
  return {
    referralCode: profile.code,
    referrals: qualified?.value ?? 0,
    pendingReferrals: waiting?.all ?? 0,
    pendingUnverified: waiting?.unverified ?? 0,
    pendingMinedMinutes: progress.map((row) => Math.floor(row.minedSeconds / 60)),
    qualifyingMinutes: settings.referralQualifyingSeconds / 60,
    earnings: earned?.value ?? '0.00000000',
  };
}

/**
 * Decision 033: pays every referral that qualifies without new mining (the qualifying time was
 * lowered, a hold was lifted, a payment was skipped because a wallet was busy) and drops those
 * that never can. The maintenance job runs it; any process may.
 */
export async function sweepQualifiedReferrals(db: Database): Promise<number> {
  return db.transaction(async (tx) => payQualifiedReferrals(tx, await loadSettings(tx)));
}
