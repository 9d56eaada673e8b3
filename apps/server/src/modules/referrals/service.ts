import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
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
    .select({ id: profiles.id, isBanned: profiles.isBanned })
    .from(profiles)
    .where(eq(profiles.id, referred.referredBy));
  if (!referrer || referrer.isBanned) return false;
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
