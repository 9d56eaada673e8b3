import type { MiningStreak, StreakDay } from '@btcp/shared/streaks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { StreakCard } from './streak-card.tsx';

/** 12 weeks from Monday 14 September 2026 to Thursday 3 December: 81 days. */
function calendar(): StreakDay[] {
  const days: StreakDay[] = [];
  for (let time = Date.parse('2026-09-14'); time <= Date.parse('2026-12-03'); time += 86_400_000) {
    days.push({ date: new Date(time).toISOString().slice(0, 10), status: 'missed', seconds: 0 });
  }
  const set = (date: string, status: StreakDay['status'], seconds: number) => {
    const day = days.find((d) => d.date === date);
    if (day) Object.assign(day, { status, seconds });
  };
  set('2026-11-30', 'mined', 45 * 60);
  set('2026-12-01', 'frozen', 0);
  set('2026-12-02', 'missed', 12 * 60);
  set('2026-12-03', 'today', 5 * 60);
  return days;
}

const streak: MiningStreak = {
  current: 9,
  longest: 21,
  freezes: 1,
  qualifyingMinutes: 30,
  days: calendar(),
};

describe('the streak card', () => {
  it('shows the streaks and freezes, and names every day of the calendar in words', async () => {
    stubApi({ 'GET /mining/streak': { body: streak } }, signedInUser);
    renderWithToasts(<StreakCard />, { path: '/dashboard' });
    const grid = await screen.findByRole('grid', { name: 'Mining days, last 12 weeks' });
    expect(screen.getByText('Current streak').nextSibling).toHaveTextContent('9 days');
    expect(screen.getByText('Longest streak').nextSibling).toHaveTextContent('21 days');
    expect(screen.getByText('Freezes').nextSibling).toHaveTextContent('1 of 2');
    expect(
      screen.getByText(/A day counts when you mine at least 30 minutes \(UTC\)/),
    ).toBeVisible();
    const cells = within(grid).getAllByRole('gridcell', { name: /\d/ });
    expect(cells).toHaveLength(81);
    expect(within(grid).getByRole('gridcell', { name: '30 Nov: mined 45 min' })).toHaveAttribute(
      'title',
      '30 Nov: mined 45 min',
    );
    expect(within(grid).getByRole('gridcell', { name: '1 Dec: frozen' })).toBeVisible();
    expect(within(grid).getByRole('gridcell', { name: '2 Dec: not mined (12 min)' })).toBeVisible();
    expect(within(grid).getByRole('gridcell', { name: '14 Sept: not mined' })).toBeVisible();
    expect(
      within(grid).getByRole('gridcell', { name: '3 Dec, today: 5 min so far' }),
    ).toBeVisible();
    // A legend says what each look means.
    expect(screen.getByText('Mined')).toBeVisible();
    expect(screen.getByText('Frozen')).toBeVisible();
    expect(screen.getByText('Not mined')).toBeVisible();
  });

  it('is one tab stop, moved through with the arrow keys, the focused day said under it', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /mining/streak': { body: streak } }, signedInUser);
    renderWithToasts(<StreakCard />, { path: '/dashboard' });
    const grid = await screen.findByRole('grid');
    const focusable = within(grid)
      .getAllByRole('gridcell')
      .filter((cell) => cell.tabIndex === 0);
    expect(focusable).toHaveLength(1);
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('3 Dec, today: 5 min so far');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('2 Dec: not mined (12 min)');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('25 Nov: not mined');
    await user.keyboard('{ArrowRight}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('30 Nov: mined 45 min');
    expect(screen.getByText('30 Nov: mined 45 min', { selector: 'p' })).toBeVisible();
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName('14 Sept: not mined');
  });
});
