import { STREAK_FREEZES_MAX, STREAK_MILESTONE_DAYS } from '@btcp/shared';

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (time: Date | number) => new Date(time).toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number) =>
  dayOf(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);

/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Paid time `[from, from + seconds)` split at each UTC midnight: the seconds each day holds. A
 * reward paid across midnight counts on both sides, exactly.
 */
export function splitByDay(from: Date, seconds: number): { day: string; seconds: number }[] {
  const parts: { day: string; seconds: number }[] = [];
  let start = from.getTime();
  const end = start + seconds * 1000;
  while (start < end) {
    const midnight = (Math.floor(start / DAY_MS) + 1) * DAY_MS;
    const until = Math.min(end, midnight);
    // Whole seconds: a session's paid time starts on a whole second only if its Start did.
    const part = Math.round(until / 1000) - Math.round(start / 1000);
    if (part > 0) parts.push({ day: dayOf(start), seconds: part });
    start = until;
  }
  return parts;
}

/** A member's streak as of the last mining day counted (the mining_streaks row). */
export interface StreakState {
  lastDay: string;
  startedOn: string;
  days: number;
  longest: number;
  freezes: number;
}

export interface Advance {
  state: StreakState;
  /** Missed days since the last mining day that a freeze covered. */
  frozenDays: string[];
  /** The streak's length when this day completed a 7-day milestone. */
  milestone: number | null;
}

/**
 * Decision 060 (D28): a new mining day `day`, after the last one counted. Each missed day between
 * uses a freeze while one is held; a missed day with none left ends the streak (never repaired),
 * and `day` starts a new one. Every 7th day of a streak earns a freeze, at most 2 held.
 */
export function advanceStreak(state: StreakState | null, day: string): Advance {
  if (!state) {
    return {
      state: { lastDay: day, startedOn: day, days: 1, longest: 1, freezes: 0 },
      frozenDays: [],
      milestone: null,
    };
  }
  const missed = daysBetween(state.lastDay, day) - 1;
  if (missed < 0) throw new Error(`advanceStreak: ${day} is not after ${state.lastDay}`);
  const covered = Math.min(missed, state.freezes);
  const frozenDays = Array.from({ length: covered }, (_, index) =>
    addDays(state.lastDay, index + 1),
  );
  const kept = missed <= state.freezes;
  const days = kept ? state.days + 1 : 1;
  let freezes = kept ? state.freezes - missed : 0;
  const milestone = days % STREAK_MILESTONE_DAYS === 0 ? days : null;
  if (milestone) freezes = Math.min(STREAK_FREEZES_MAX, freezes + 1);
  return {
    state: {
      lastDay: day,
      startedOn: kept ? state.startedOn : day,
      days,
      longest: Math.max(state.longest, days),
      freezes,
    },
    frozenDays,
    milestone,
  };
}

export interface StreakToday {
  current: number;
  longest: number;
  freezes: number;
  /** Missed days since the last mining day that held freezes cover (or covered before it broke). */
  frozenDays: string[];
}

/**
 * The streak as it stands on `today`, before today is a mining day: the missed days since the
 * last one use the held freezes as advanceStreak will, and a streak they cannot cover is over.
 */
export function streakOn(state: StreakState | null, today: string): StreakToday {
  if (!state) return { current: 0, longest: 0, freezes: 0, frozenDays: [] };
  const missed = Math.max(0, daysBetween(state.lastDay, today) - 1);
  const covered = Math.min(missed, state.freezes);
  const frozenDays = Array.from({ length: covered }, (_, index) =>
    addDays(state.lastDay, index + 1),
  );
  const kept = missed <= state.freezes;
  return {
    current: kept ? state.days : 0,
    longest: state.longest,
    freezes: kept ? state.freezes - missed : 0,
    frozenDays,
  };
}
