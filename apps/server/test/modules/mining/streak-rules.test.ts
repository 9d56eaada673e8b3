import { describe, expect, it } from 'vitest';
import {
  addDays,
  advanceStreak,
  type StreakState,
  splitByDay,
  streakOn,
} from '#server/modules/mining/streak-rules.ts';

/** Mines each of `days` in turn (each after the last), as the payments would count them. */
function mined(days: string[]) {
  let state: StreakState | null = null;
  const frozen: string[] = [];
  const milestones: number[] = [];
  for (const day of days) {
    const next = advanceStreak(state, day);
    state = next.state;
    frozen.push(...next.frozenDays);
    if (next.milestone) milestones.push(next.milestone);
  }
  return { state, frozen, milestones };
}

const run = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDays(from, index));

describe('paid time by UTC day (decision 060)', () => {
  it('splits a payment at midnight, exactly, whatever the milliseconds', () => {
    const parts = splitByDay(new Date('2026-05-01T23:59:30.400Z'), 90);
    expect(parts).toEqual([
      { day: '2026-05-01', seconds: 30 },
      { day: '2026-05-02', seconds: 60 },
    ]);
    const days = splitByDay(new Date('2026-05-01T12:00:00Z'), 2 * 86_400);
    expect(days).toEqual([
      { day: '2026-05-01', seconds: 43_200 },
      { day: '2026-05-02', seconds: 86_400 },
      { day: '2026-05-03', seconds: 43_200 },
    ]);
    expect(splitByDay(new Date('2026-05-01T12:00:00Z'), 0)).toEqual([]);
  });
});

describe('streaks and freezes (D28)', () => {
  it('earns a freeze every 7 days in a row, at most 2 held', () => {
    expect(mined(run('2026-05-01', 6)).state).toMatchObject({ days: 6, freezes: 0 });
    const week = mined(run('2026-05-01', 7));
    expect(week.state).toMatchObject({ days: 7, longest: 7, freezes: 1 });
    expect(week.milestones).toEqual([7]);
    const month = mined(run('2026-05-01', 28));
    expect(month.state).toMatchObject({ days: 28, freezes: 2 });
    expect(month.milestones).toEqual([7, 14, 21, 28]);
  });

  it('covers missed days with the freezes held, one each, and keeps the streak', () => {
    const days = [...run('2026-05-01', 14), '2026-05-17'];
    const { state, frozen } = mined(days);
    expect(frozen).toEqual(['2026-05-15', '2026-05-16']);
    expect(state).toMatchObject({ days: 15, freezes: 0, startedOn: '2026-05-01' });
  });

  it('ends a streak the freezes cannot cover, for good: the next day starts a new one', () => {
    const days = [...run('2026-05-01', 14), '2026-05-18'];
    const { state, frozen } = mined(days);
    // Both freezes were used on the first two missed days; the third ended the streak.
    expect(frozen).toEqual(['2026-05-15', '2026-05-16']);
    expect(state).toMatchObject({ days: 1, longest: 14, freezes: 0, startedOn: '2026-05-18' });
    expect(mined([...days, ...run('2026-05-19', 6)]).state).toMatchObject({ days: 7, longest: 14 });
  });

  it('tells the streak as it stands before today is mined', () => {
    const { state } = mined(run('2026-05-01', 7));
    expect(streakOn(state, '2026-05-07')).toMatchObject({ current: 7, freezes: 1 });
    expect(streakOn(state, '2026-05-08')).toMatchObject({ current: 7, freezes: 1, frozenDays: [] });
    expect(streakOn(state, '2026-05-09')).toEqual({
      current: 7,
      longest: 7,
      freezes: 0,
      frozenDays: ['2026-05-08'],
    });
    expect(streakOn(state, '2026-05-10')).toEqual({
      current: 0,
      longest: 7,
      freezes: 0,
      frozenDays: ['2026-05-08'],
    });
    expect(streakOn(null, '2026-05-10')).toMatchObject({ current: 0, longest: 0 });
  });
});
