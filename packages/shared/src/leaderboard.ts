import { z } from './zod.ts';

/** D28: the leaderboard ranks time mined this week (Monday 00:00 UTC onward) or all-time. */
export const LeaderboardPeriodSchema = z.enum(['week', 'all']);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriodSchema>;

/** Rows on one page of the leaderboard unless the caller asks for fewer or more. */
export const LEADERBOARD_PAGE_SIZE = 50;
/** How long a kept first page is served before it is built afresh (mining is paid meanwhile). */
export const LEADERBOARD_REFRESH_SECONDS = 60;

/** The id of the setting's card on /account, which the dashboard's rank card links to. */
export const LEADERBOARD_SETTING_ID = 'leaderboard-setting';

export const LeaderboardQuerySchema = z.object({
  period: LeaderboardPeriodSchema.default('week'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LEADERBOARD_PAGE_SIZE),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  username: z.string(),
  /** Seconds of mining paid in the period. */
  seconds: z.number().int(),
  /** The member's current streak of mining days, as their streak card shows it today. */
  streak: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardPageSchema = z.object({
  period: LeaderboardPeriodSchema,
  /** The UTC day the period starts on (this week's Monday), or null for all-time. */
  since: z.string().nullable(),
  items: z.array(LeaderboardEntrySchema),
  nextCursor: z.string().nullable(),
  /** When this page was computed (it is kept for up to a minute). */
  updatedAt: z.string(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;

/** A member's place in one period: null rank when they mined nothing in it yet. */
export const LeaderboardStandingSchema = z.object({
  rank: z.number().int().nullable(),
  seconds: z.number().int(),
});
export type LeaderboardStanding = z.infer<typeof LeaderboardStandingSchema>;

/**
 * Why a member is not on the leaderboard: they have not chosen to be, they have no username yet, or
 * the account is not listed (banned, or under review).
 */
export const LeaderboardHiddenReasonSchema = z.enum(['not_opted_in', 'no_username', 'not_listed']);
export type LeaderboardHiddenReason = z.infer<typeof LeaderboardHiddenReasonSchema>;

export const MyLeaderboardSchema = z.object({
  shown: z.boolean(),
  reason: LeaderboardHiddenReasonSchema.nullable(),
  week: LeaderboardStandingSchema,
  all: LeaderboardStandingSchema,
});
export type MyLeaderboard = z.infer<typeof MyLeaderboardSchema>;

export const LeaderboardOptInBodySchema = z.object({ show: z.boolean() });
export type LeaderboardOptInBody = z.infer<typeof LeaderboardOptInBodySchema>;

export const leaderboardMessages = {
  usernameRequired: 'Choose a username before you show yourself on the leaderboard.',
  hidden: {
    not_opted_in: 'You are not shown on the leaderboard: you have not turned it on.',
    no_username: 'You are not shown on the leaderboard: choose a username first.',
    not_listed: 'Your account is not listed on the leaderboard right now.',
  },
} as const satisfies {
  usernameRequired: string;
  hidden: Record<LeaderboardHiddenReason, string>;
};

/** Seconds as hours and minutes: "12 h 30 min", "45 min", "< 1 min" (some), "0 min" (none). */
export function formatTimeMined(seconds: number): string {
  if (seconds > 0 && seconds < 60) return '< 1 min';
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
