import type { LeaderboardEntry, LeaderboardPage } from '@btcp/shared/leaderboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { Component as LeaderboardPageRoute } from './leaderboard.tsx';

const entry = (rank: number, username: string, seconds: number, streak = 0): LeaderboardEntry => ({
  rank,
  username,
  seconds,
  streak,
});

const page = (
  items: LeaderboardEntry[],
  nextCursor: string | null = null,
  period: 'week' | 'all' = 'week',
): LeaderboardPage => ({
  period,
  since: period === 'week' ? '2026-12-07' : null,
  items,
  nextCursor,
  updatedAt: '2026-12-07T03:00:00.000Z',
});

describe('leaderboard page', () => {
  it('shows this week’s board as a table with rank, username, time mined and streak', async () => {
    const api = stubApi({
      'GET /leaderboard': { body: page([entry(1, 'satoshi', 45_000, 5), entry(2, 'hal', 600, 1)]) },
    });
    renderWithToasts(<LeaderboardPageRoute />, { path: '/leaderboard' });
    expect(document.title).toBe('Leaderboard | BTCP');
    const table = await screen.findByRole('table', {
      name: 'Members ranked by time mined this week, from Monday 00:00 UTC',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Member', 'Time mined', 'Streak']);
    const first = within(table).getByRole('row', { name: /satoshi/ });
    expect(within(first).getByText('12 h 30 min')).toBeVisible();
    expect(within(first).getByText('5 days')).toBeVisible();
    expect(within(table).getByRole('row', { name: /hal/ })).toHaveTextContent('10 min');
    expect(screen.getByText('Updated every minute')).toBeVisible();
    expect(screen.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page');
    expect(api.calls.find((call) => call.path === '/leaderboard')?.query.get('period')).toBe(
      'week',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads the all-time board from the address, and loads more by the cursor', async () => {
    const api = stubApi({
      'GET /leaderboard': ({ query }) =>
        query.get('cursor') === 'next'
          ? { body: page([entry(3, 'third', 120)], null, 'all') }
          : { body: page([entry(1, 'first', 360), entry(2, 'second', 240)], 'next', 'all') },
    });
    renderWithToasts(<LeaderboardPageRoute />, { path: '/leaderboard?period=all' });
    await screen.findByRole('table', { name: 'Members ranked by time mined, all-time' });
    expect(screen.getByRole('link', { name: 'All time' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('row', { name: /third/ })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(
      api.calls.filter((call) => call.path === '/leaderboard').map((c) => c.query.get('period')),
    ).toEqual(['all', 'all']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when nobody is on the board', async () => {
    stubApi({ 'GET /leaderboard': { body: page([]) } });
    renderWithToasts(<LeaderboardPageRoute />, { path: '/leaderboard' });
    expect(await screen.findByText('Nobody on the board this week yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
