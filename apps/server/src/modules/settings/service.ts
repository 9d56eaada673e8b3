import {
  DEFAULT_REFERRAL_QUALIFYING,
  DEFAULT_SETTINGS,
  DEFAULT_STREAK_SETTINGS,
  type MiningPhases,
  MiningPhasesSchema,
  MiningRewardIntervalSchema,
  type MiningSettings,
  ReferralBonusSchema,
  ReferralQualifyingSchema,
  type Staff,
  type StreakSettings,
  StreakSettingsSchema,
} from '@btcp/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DatabaseOrTransaction, Transaction } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema.ts';
import { audit } from '#server/modules/audit/index.ts';

export interface ActiveMiningSettings {
  phases: MiningPhases;
  /** D11: the early phase's rate while it is active, else the transition phase's. */
  hourlyRate: string;
  phaseName: string;
  rewardIntervalSeconds: number;
  referralBonus: string;
  /** Decision 033: the mining a referred member must be paid for before the bonus is paid. */
  referralQualifyingSeconds: number;
  /** Decision 060: what makes a mining day, and what a streak's milestone pays. */
  streaks: StreakSettings;
}

/** Decision 060: the admin's "Mining days and streaks" card, one JSON row. */
const STREAK_SETTING = {
  key: 'mining_streaks',
  schema: StreakSettingsSchema,
  defaults: DEFAULT_STREAK_SETTINGS,
  action: 'settings.streaks.update',
};

/**
 * A stored value read leniently: whatever the admin API could ever save is taken as it is (a rate
 * of 0 included, which starting a session then refuses); a row that is missing or unreadable
 * (edited by hand) counts as the default, so no request fails on what the database holds.
 */
function readSetting<T>(schema: z.ZodType<T>, stored: unknown, fallback: T): T {
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}

export async function loadSettings(db: DatabaseOrTransaction): Promise<ActiveMiningSettings> {
  // A named statement: every ping reads it, and each connection then parses and plans it once.
  const rows = await db
    .select()
    .from(systemSettings)
    .where(
      inArray(systemSettings.key, [
        'mining_phases',
        'mining_reward_interval',
        'referral_bonus',
        'referral_qualifying',
        STREAK_SETTING.key,
      ]),
    )
    .prepare('load_settings')
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const phases = readSetting(
    MiningPhasesSchema,
    value('mining_phases'),
    DEFAULT_SETTINGS.mining_phases,
  );
  const active = phases.early_phase.active ? phases.early_phase : phases.transition_phase;
  return {
    phases,
    hourlyRate: active.hourly_rate,
    phaseName: active.name,
    rewardIntervalSeconds: readSetting(
      MiningRewardIntervalSchema,
      value('mining_reward_interval'),
      DEFAULT_SETTINGS.mining_reward_interval,
    ).seconds,
    referralBonus: readSetting(
      ReferralBonusSchema,
      value('referral_bonus'),
      DEFAULT_SETTINGS.referral_bonus,
    ).amount,
    referralQualifyingSeconds:
      readSetting(
        ReferralQualifyingSchema,
        value('referral_qualifying'),
        DEFAULT_REFERRAL_QUALIFYING,
      ).minutes * 60,
    streaks: readSetting(STREAK_SETTING.schema, value(STREAK_SETTING.key), STREAK_SETTING.defaults),
  };
}

export function toMiningSettings(settings: ActiveMiningSettings): MiningSettings {
  return {
    activePhase: settings.phases.early_phase.active ? 'early' : 'transition',
    earlyRate: settings.phases.early_phase.hourly_rate,
    transitionRate: settings.phases.transition_phase.hourly_rate,
    rewardIntervalSeconds: settings.rewardIntervalSeconds,
    referralBonus: settings.referralBonus,
    referralQualifyingMinutes: settings.referralQualifyingSeconds / 60,
  };
}

/** Writes one `system_settings` row, in the caller's transaction. */
export async function writeSetting(tx: Transaction, key: string, value: unknown): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * One admin-edited setting kept as a single JSON row (the sign-up protection, the dated words, the
 * two-factor policy). `load` reads it through its schema, a missing (never saved) or unreadable row
 * counting as `defaults`; `save` writes it in one transaction, audited as `action` with what it was
 * and what it became.
 */
export function auditedSetting<T>(setting: {
  key: string;
  schema: z.ZodType<T>;
  defaults: T;
  action: string;
}) {
  const load = async (db: DatabaseOrTransaction): Promise<T> => {
    const [row] = await db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, setting.key));
    return readSetting(setting.schema, row?.value, setting.defaults);
  };
  const save = async (db: Database, staff: Staff, next: T): Promise<T> => {
    await db.transaction(async (tx) => {
      const before = await load(tx);
      await writeSetting(tx, setting.key, next);
      await audit(
        tx,
        staff,
        setting.action,
        { type: 'settings', id: setting.key },
        { before, after: next },
      );
    });
    return next;
  };
  return { load, save };
}

/**
 * Decision 060: the streak settings, edited by an admin (audited); the crediting job and Stops
 * read them with the other mining settings (loadSettings).
 */
export const streakSettings = auditedSetting<StreakSettings>(STREAK_SETTING);
