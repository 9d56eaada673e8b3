import { z } from './zod.ts';

/** Money travels as a decimal string with at most 8 decimals (D10), never as a float. */
export const DecimalStringSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'Must be a non-negative number with at most 8 decimals');

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

export const MiningRewardIntervalSchema = z.object({
  seconds: z.number().int().min(1).max(3600),
});

export const ReferralBonusSchema = z.object({ amount: DecimalStringSchema });

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
