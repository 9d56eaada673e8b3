import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { idArray } from '#server/db/prepared.ts';
import { pendingReferrals, profiles, sessions, users } from '#server/db/schema.ts';
import { networkOf } from '#server/lib/email-identity.ts';
import { type AlongsideWork, applyLedgerEntry } from '#server/modules/wallet/index.ts';

/** What paying a referral needs of the settings (decision 033). */
export interface ReferralTerms {
  referralBonus: string;
  referralQualifyingSeconds: number;
}

export const referralHoldReasons = {
  ownNetwork: 'Signed up from the referrer’s own network',
} as const;

/**
 * Decision 033: a sign-up with a referral code waits to qualify, in the registration's transaction.
 * It is held for review when it came from the referrer's own network: the one they signed up from,
 * or one of their live sessions'.
 */
export async function recordReferral(
  tx: Transaction,
  referral: { referredUserId: string; referrerId: string; network: string; now: Date },
): Promise<void> {
  const { network } = referral;
  const [referrer] = await tx
    .select({ network: users.signupNetwork })
    .from(users)
    .where(eq(users.id, referral.referrerId));
  const live = await tx
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, referral.referrerId), gt(sessions.expiresAt, referral.now)));
  const held =
    referrer?.network === network ||
    live.some(({ ip }) => ip !== null && networkOf(ip) === network);
  await tx.insert(pendingReferrals).values({
    referredUserId: referral.referredUserId,
    referrerId: referral.referrerId,
    heldAt: held ? referral.now : null,
    heldReason: held ? referralHoldReasons.ownNetwork : null,
  });
}

const bonusDescription = (qualifyingSeconds: number) =>
  qualifyingSeconds === 0
    ? 'Referral bonus: a friend you invited verified their email'
    : `Referral bonus: a friend you invited verified their email and mined ${qualifyingSeconds / 60} minutes`;

/**
 * D12, decision 033: the referrer's bonus, once (the unique index on referred_user_id backs this
 * up), unless the referrer is banned (D9) or deleted (decision 029: nobody could spend it). A bonus
 * of 0 writes no row. A referrer near MAX_BALANCE gets what fits.
 */
async function creditReferralBonus(
  tx: Transaction,
  referral: { referredUserId: string; referrerId: string },
  terms: ReferralTerms,
): Promise<void> {
  const [referrer] = await tx
    .select({ isBanned: profiles.isBanned, deletedAt: users.deletedAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, referral.referrerId));
  if (!referrer || referrer.isBanned || referrer.deletedAt) return;
  await applyLedgerEntry(tx, {
    userId: referral.referrerId,
    amount: terms.referralBonus,
    type: 'REFERRAL',
    description: bonusDescription(terms.referralQualifyingSeconds),
    atLimit: 'cap',
    referredUserId: referral.referredUserId,
  });
}

interface Candidate {
  referredUserId: string;
  referrerId: string;
  doomed: boolean;
}

/**
 * Decision 033: pays the referrals that qualify (verified, mined the qualifying time, not held),
 * of `only` those referred members or of everyone, and drops those that never can (the referred
 * member banned or deleted). Each row is locked and deleted as it is settled, so it pays once
 * whichever process gets it. A row another transaction holds, or whose referrer's wallet another
 * transaction holds, is skipped, never waited for (two crediting processes would otherwise wait
 * on each other's wallets): the next credit of that member, or the maintenance sweep, pays it.
 */
export async function payQualifiedReferrals(
  tx: Transaction,
  terms: ReferralTerms,
  only?: readonly string[],
): Promise<number> {
  if (only?.length === 0) return 0;
  const result = await tx.execute(sql`
    SELECT p.referred_user_id AS "referredUserId", p.referrer_id AS "referrerId",
      (rp.is_banned OR ru.deleted_at IS NOT NULL) AS doomed
    FROM ${pendingReferrals} p
    JOIN ${users} ru ON ru.id = p.referred_user_id
    JOIN ${profiles} rp ON rp.id = p.referred_user_id
    WHERE ${only ? sql`p.referred_user_id = ANY(${idArray(only)}::uuid[])` : sql`TRUE`}
      AND (rp.is_banned OR ru.deleted_at IS NOT NULL OR (ru.email_verified_at IS NOT NULL
        AND p.held_at IS NULL AND p.mined_seconds >= ${terms.referralQualifyingSeconds}))
    ORDER BY p.created_at
    LIMIT 1000
    FOR UPDATE OF p SKIP LOCKED`);
  const candidates = (result as unknown as { rows: Candidate[] }).rows;
  if (candidates.length === 0) return 0;
  const payable = candidates.filter((row) => !row.doomed);
  const free = await lockReferrerWallets(tx, payable);
  const paid = payable.filter((row) => free.has(row.referrerId));
  for (const referral of paid) await creditReferralBonus(tx, referral, terms);
  const settled = [...candidates.filter((row) => row.doomed), ...paid];
  if (settled.length > 0) {
    await tx.delete(pendingReferrals).where(
      inArray(
        pendingReferrals.referredUserId,
        settled.map((row) => row.referredUserId),
      ),
    );
  }
  return paid.length;
}

/** The referrers' wallets this transaction could lock without waiting. */
async function lockReferrerWallets(tx: Transaction, rows: Candidate[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const referrers = [...new Set(rows.map((row) => row.referrerId))];
  const locked = await tx.execute(sql`
    SELECT user_id AS "userId" FROM wallets
    WHERE user_id = ANY(${idArray(referrers)}::uuid[])
    FOR UPDATE SKIP LOCKED`);
  return new Set((locked as unknown as { rows: { userId: string }[] }).rows.map((r) => r.userId));
}

/** A waiting referral that paid mining counted toward, as `minedSecondsCounted` reports it. */
export interface CountedReferral {
  userId: string;
  minedSeconds: number;
  held: boolean;
}

/**
 * Decision 033: paid mining counts toward the referred members' qualifying time, set-wise, in the
 * statement that pays it (members with no referral waiting match no row), for the users `only`
 * (a query of user ids) answers if given; it reports the rows counted, for payCountedReferrals.
 */
export function minedSecondsCounted(
  mined: readonly { userId: string; seconds: number }[],
  only?: SQL,
): AlongsideWork<CountedReferral[]> {
  return {
    ctes: sql`
      referral_counted AS (
        UPDATE ${pendingReferrals} p SET mined_seconds = p.mined_seconds + m.seconds
        FROM unnest(${idArray(mined.map((row) => row.userId))}::uuid[],
          ${`{${mined.map((row) => row.seconds).join(',')}}`}::int[]) AS m(user_id, seconds)
        WHERE p.referred_user_id = m.user_id ${only ? sql`AND m.user_id IN (${only})` : sql``}
        RETURNING p.referred_user_id, p.mined_seconds, p.held_at IS NOT NULL AS held
      )`,
    report: sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('userId', referred_user_id,
      'minedSeconds', mined_seconds, 'held', held)), '[]'::jsonb) FROM referral_counted)
      AS "referralsCounted"`,
    read: (reported) => (reported.referralsCounted ?? []) as CountedReferral[],
  };
}

/**
 * Decision 033: pays the counted referrals whose time is now enough, in the transaction that
 * counted it. The terms are read only when someone's referral is waiting: most paid members have
 * none.
 */
export async function payCountedReferrals(
  tx: Transaction,
  counted: readonly CountedReferral[],
  termsOrLoader: ReferralTerms | (() => Promise<ReferralTerms>),
): Promise<number> {
  if (counted.length === 0) return 0;
  const terms = typeof termsOrLoader === 'function' ? await termsOrLoader() : termsOrLoader;
  const ready = counted.filter(
    (row) => !row.held && row.minedSeconds >= terms.referralQualifyingSeconds,
  );
  return payQualifiedReferrals(
    tx,
    terms,
    ready.map((row) => row.userId),
  );
}
