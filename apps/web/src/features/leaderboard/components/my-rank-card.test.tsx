import type { MyLeaderboard } from '@btcp/shared/leaderboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { MyRankCard } from './my-rank-card.tsx';

const mine = (overrides: Partial<MyLeaderboard>): MyLeaderboard => ({
  shown: true,
  reason: null,
  week: { rank: 1234, seconds: 7_260 },
  all: { rank: null, seconds: 0 },
  ...overrides,
});

describe('your leaderboard rank', () => {
  it('shows the rank this week however far down, and all-time', async () => {
    stubApi({ 'GET /leaderboard/me': { body: mine({}) } }, signedInUser);
    renderWithToasts(<MyRankCard />);
    const week = (await screen.findByText('This week')).closest('div');
    if (!week) throw new Error('no figure');
    expect(within(week).getByText('#1234')).toBeVisible();
    expect(within(week).getByText('2 h 1 min mined')).toBeVisible();
    expect(screen.getByText('Not ranked')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
  });

  it('says why the member is not shown and links to the setting', async () => {
    stubApi(
      { 'GET /leaderboard/me': { body: mine({ shown: false, reason: 'not_opted_in' }) } },
      signedInUser,
    );
    renderWithToasts(<MyRankCard />);
    expect(
      await screen.findByText('You are not shown on the leaderboard: you have not turned it on.'),
    ).toBeVisible();
    expect(screen.queryByText('This week')).toBeNull();
    expect(screen.getByRole('link', { name: 'Change the setting' })).toHaveAttribute(
      'href',
      '/account#leaderboard-setting',
    );
  });
});
