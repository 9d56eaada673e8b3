import { REFERRAL_QUALIFYING_MINUTES } from './product.ts';
import { z } from './zod.ts';

/** Money travels as a decimal string with at most 8 decimals (D10), never as a float. */
export const DecimalStringSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'Must be a non-negative number with at most 8 decimals');

/** The largest balance numeric(20,8) holds, and so the largest any wallet may reach (D10). */
export const MAX_BALANCE = '999999999999.99999999';

/**
 * The most an hourly rate or a referral bonus may be: far above the advertised 100/h and 40, low
 * enough that a typo in the admin form cannot fill wallets to MAX_BALANCE within minutes.
 */
export const SETTINGS_AMOUNT_MAX = '1000000';

export const settingsMessages = {
  ratePositive: 'Must be greater than 0',
  amountTooLarge: 'Must be at most 1,000,000',
  interval: 'Enter a whole number of seconds from 1 to 3600',
  qualifying: 'Enter a whole number of minutes from 0 to 10080',
} as const;

/** A decimal string in 10^-8 units, or null when it is not one (the regex reports that). */
function decimalUnits(decimal: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(decimal);
  if (!match) return null;
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(8, '0')}`);
}

const SETTINGS_AMOUNT_MAX_UNITS = decimalUnits(SETTINGS_AMOUNT_MAX) ?? 0n;

/** An hourly rate an admin may set: a session at rate 0 would pay nothing and cannot be stored. */
export const HourlyRateSchema = DecimalStringSchema.refine(
  (value) => (decimalUnits(value) ?? 1n) > 0n,
  settingsMessages.ratePositive,
).refine(
  (value) => (decimalUnits(value) ?? 0n) <= SETTINGS_AMOUNT_MAX_UNITS,
  settingsMessages.amountTooLarge,
);

/** A referral bonus an admin may set; 0 turns referral payments off. */
export const ReferralBonusAmountSchema = DecimalStringSchema.refine(
  (value) => (decimalUnits(value) ?? 0n) <= SETTINGS_AMOUNT_MAX_UNITS,
  settingsMessages.amountTooLarge,
);

export const REWARD_INTERVAL_MIN_SECONDS = 1;
export const REWARD_INTERVAL_MAX_SECONDS = 3600;
export const RewardIntervalSecondsSchema = z
  .number(settingsMessages.interval)
  .int(settingsMessages.interval)
  .min(REWARD_INTERVAL_MIN_SECONDS, settingsMessages.interval)
  .max(REWARD_INTERVAL_MAX_SECONDS, settingsMessages.interval);

/**
 * Decision 033: the mining a referred member must be paid for, in total, before their referrer's
 * bonus is paid; 0 pays at verification (D12). At most a week.
 */
export const REFERRAL_QUALIFYING_MAX_MINUTES = 10_080;
export const ReferralQualifyingMinutesSchema = z
  .number(settingsMessages.qualifying)
  .int(settingsMessages.qualifying)
  .min(0, settingsMessages.qualifying)
  .max(REFERRAL_QUALIFYING_MAX_MINUTES, settingsMessages.qualifying);

export const MiningPhaseSchema = z.object({
  name: z.string().min(1),
  period: z.string().min(1),
  hourly_rate: DecimalStringSchema,
});

export const MiningPhasesSchema = z.object({
  early_phase: MiningPhaseSchema.extend({ active: z.boolean() }),
  transition_phase: MiningPhaseSchema,
});
export type MiningPhases = z.infer<typeof MiningPhasesSchema>;

export const MiningRewardIntervalSchema = z.object({ seconds: RewardIntervalSecondsSchema });

export const ReferralBonusSchema = z.object({ amount: DecimalStringSchema });

export const ReferralQualifyingSchema = z.object({ minutes: ReferralQualifyingMinutesSchema });

/** The rows `system_settings` starts with; the seed migration writes the same values. */
export const DEFAULT_SETTINGS = {
  mining_reward_interval: { seconds: 60 },
  mining_phases: {
    early_phase: { name: 'Early Phase', period: '2025-2026', hourly_rate: '100', active: true },
    transition_phase: { name: 'Transition Phase', period: '2026-2027', hourly_rate: '1' },
  },
  referral_bonus: { amount: '40' },
} as const satisfies {
  mining_reward_interval: z.infer<typeof MiningRewardIntervalSchema>;
  mining_phases: MiningPhases;
  referral_bonus: z.infer<typeof ReferralBonusSchema>;
};

/**
 * The qualifying time until an admin saves one: no migration seeds its row (decision 033), so a
 * missing row reads as this.
 */
export const DEFAULT_REFERRAL_QUALIFYING = { minutes: REFERRAL_QUALIFYING_MINUTES } as const;

/** What an admin may save (the admin form validates with it too). */
export const MiningSettingsSchema = z.object({
  activePhase: z.enum(['early', 'transition']),
  earlyRate: HourlyRateSchema,
  transitionRate: HourlyRateSchema,
  rewardIntervalSeconds: RewardIntervalSecondsSchema,
  referralBonus: ReferralBonusAmountSchema,
  referralQualifyingMinutes: ReferralQualifyingMinutesSchema,
});
export type MiningSettings = z.infer<typeof MiningSettingsSchema>;

/**
 * What the server reports: the stored values as they are, even ones saved before the bounds above
 * existed (a rate of 0), so the admin can see and correct them instead of meeting a 500.
 */
export const StoredMiningSettingsSchema = MiningSettingsSchema.extend({
  earlyRate: DecimalStringSchema,
  transitionRate: DecimalStringSchema,
  referralBonus: DecimalStringSchema,
});
