import type { MiningPhases, MiningSettings, Staff } from '@btcp/shared';
import type { Database, Transaction } from '#server/db/client.ts';
import { audit } from '#server/modules/audit/index.ts';
import { payQualifiedReferrals } from '#server/modules/referrals/index.ts';
import { loadSettings, toMiningSettings, writeSetting } from '#server/modules/settings/index.ts';

// Here, not in settings/: saving the mining settings pays the referrals a shorter qualifying time
// lets through, and settings sit below referrals (docs/decisions/050-modules-point-one-way.md).

/** Writes all mining settings at once, in the caller's transaction. */
async function saveMiningSettings(tx: Transaction, next: MiningSettings): Promise<void> {
  const current = await loadSettings(tx);
  const phases: MiningPhases = {
    early_phase: {
      ...current.phases.early_phase,
      hourly_rate: next.earlyRate,
      active: next.activePhase === 'early',
    },
    transition_phase: { ...current.phases.transition_phase, hourly_rate: next.transitionRate },
  };
  const rows = [
    { key: 'mining_phases', value: phases },
    { key: 'mining_reward_interval', value: { seconds: next.rewardIntervalSeconds } },
    { key: 'referral_bonus', value: { amount: next.referralBonus } },
    { key: 'referral_qualifying', value: { minutes: next.referralQualifyingMinutes } },
  ];
  for (const row of rows) await writeSetting(tx, row.key, row.value);
}

/**
 * An admin changes the mining settings: all of them at once, audited with what they were and what
 * they became. New sessions take the new rate; running ones keep theirs (decision 007), and the
 * next crediting tick uses the new interval.
 */
export async function updateMiningSettings(
  db: Database,
  staff: Staff,
  next: MiningSettings,
): Promise<MiningSettings> {
  const before = toMiningSettings(await loadSettings(db));
  await db.transaction(async (tx) => {
    await saveMiningSettings(tx, next);
    // Decision 033: a shorter qualifying time pays at once those it now lets through.
    await payQualifiedReferrals(tx, {
      referralBonus: next.referralBonus,
      referralQualifyingSeconds: next.referralQualifyingMinutes * 60,
    });
    await audit(
      tx,
      staff,
      'settings.mining.update',
      { type: 'settings', id: 'mining' },
      { before, after: next },
    );
  });
  return toMiningSettings(await loadSettings(db));
}
