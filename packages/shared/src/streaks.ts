import { COIN } from './product.ts';
import { DecimalStringSchema, ReferralBonusAmountSchema } from './settings.ts';
import { z } from './zod.ts';

/** Decision 060: a freeze is earned for every this many consecutive mining days. */
export const STREAK_MILESTONE_DAYS = 7;
/** Decision 060 (D28): the most freezes a member holds at once. */
export const STREAK_FREEZES_MAX = 2;
/** The calendar's span: this many weeks, Monday to Sunday, the last one this week. */
export const STREAK_CALENDAR_WEEKS = 12;

const qualifyingMessage = 'Enter a whole number of minutes from 1 to 1440';

/** The admin's "Mining days and streaks" card. */
export const StreakSettingsSchema = z.object({
  /** The mining a member must be paid for on a UTC day for it to be a mining day. */
  qualifyingMinutes: z
    .number(qualifyingMessage)
    .int(qualifyingMessage)
    .min(1, qualifyingMessage)
    .max(1440, qualifyingMessage),
  /** Paid once per 7-day milestone of a streak; 0 pays nothing. */
  milestoneBonus: ReferralBonusAmountSchema,
});
export type StreakSettings = z.infer<typeof StreakSettingsSchema>;

/** D28: a mining day is 30 minutes paid, and streaks pay nothing until an admin says otherwise. */
export const DEFAULT_STREAK_SETTINGS: StreakSettings = {
  qualifyingMinutes: 30,
  milestoneBonus: '0',
};

/** What the server reports: the stored values as they are, so an admin can see and correct them. */
export const StoredStreakSettingsSchema = StreakSettingsSchema.extend({
  milestoneBonus: DecimalStringSchema,
});

/**
 * A calendar day: mined (a mining day), frozen (missed, covered by a freeze), missed, or today
 * while it is not yet a mining day.
 */
export const StreakDayStatusSchema = z.enum(['mined', 'frozen', 'missed', 'today']);
export type StreakDayStatus = z.infer<typeof StreakDayStatusSchema>;

export const StreakDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  status: StreakDayStatusSchema,
  /** Seconds of mining paid on that day. */
  seconds: z.number().int(),
});
export type StreakDay = z.infer<typeof StreakDaySchema>;

export const MiningStreakSchema = z.object({
  current: z.number().int(),
  longest: z.number().int(),
  freezes: z.number().int(),
  qualifyingMinutes: z.number().int(),
  /** From the Monday 11 weeks before this week's to today (UTC), oldest first. */
  days: z.array(StreakDaySchema),
});
export type MiningStreak = z.infer<typeof MiningStreakSchema>;

const dayName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min`;

export const streakMessages = {
  cardTitle: 'Mining streak',
  cardDescription: (qualifyingMinutes: number) =>
    `A day counts when you mine at least ${qualifyingMinutes} minutes (UTC). Every 7 days in a row earn a freeze (at most 2), which covers a missed day by itself.`,
  current: 'Current streak',
  longest: 'Longest streak',
  freezes: 'Freezes',
  days: (count: number) => (count === 1 ? '1 day' : `${count} days`),
  calendarLabel: 'Mining days, last 12 weeks',
  loading: 'Loading your streak',
  legendMined: 'Mined',
  legendFrozen: 'Frozen',
  legendMissed: 'Not mined',
  settingsTitle: 'Mining days and streaks',
  settingsDescription:
    'What makes a mining day, and the bonus a streak pays every 7 days. Freezes are earned, never sold.',
  settingsSaved: 'Streak settings saved',
  bonusDescription: (days: number) => `Streak bonus: ${days} mining days in a row`,
  bonusHint: `${COIN} paid once per 7-day milestone; 0 pays nothing. Days mined while banned or in a held referral earn none.`,
  /** The text of a calendar day, so it never rests on colour alone. */
  dayLabel: (day: StreakDay) => {
    const name = dayName(day.date);
    switch (day.status) {
      case 'mined':
        return `${name}: mined ${minutes(day.seconds)}`;
      case 'frozen':
        return `${name}: frozen`;
      case 'today':
        return `${name}, today: ${minutes(day.seconds)} so far`;
      default:
        return day.seconds > 0
          ? `${name}: not mined (${minutes(day.seconds)})`
          : `${name}: not mined`;
    }
  },
} as const;
