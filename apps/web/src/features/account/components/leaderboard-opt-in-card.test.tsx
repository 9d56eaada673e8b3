import { ErrorCode } from '@btcp/shared/error-codes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { LeaderboardOptInCard } from './leaderboard-opt-in-card.tsx';

describe('Show me on the leaderboard', () => {
  it('is off by default, and disabled with the reason while the member has no username', () => {
    stubApi({});
    renderWithToasts(<LeaderboardOptInCard account={anAccount({ username: null })} />);
    const toggle = screen.getByRole('switch', { name: 'Show me on the leaderboard' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'The leaderboard shows your username: choose one in the Profile card first.',
    );
  });

  it('saves the choice and says so', async () => {
    const api = stubApi({
      'PUT /account/leaderboard': ({ body }) => ({
        body: anAccount({
          username: 'miner',
          showOnLeaderboard: (body as { show: boolean }).show,
        }),
      }),
    });
    renderWithToasts(<LeaderboardOptInCard account={anAccount({ username: 'miner' })} />);
    const toggle = screen.getByRole('switch', { name: 'Show me on the leaderboard' });
    expect(toggle).toBeEnabled();
    await userEvent.click(toggle);
    expect(await screen.findByText('You are shown on the leaderboard')).toBeVisible();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ show: true });
  });

  it('shows the server’s refusal', async () => {
    stubApi({
      'PUT /account/leaderboard': {
        status: 409,
        body: {
          error: {
            code: ErrorCode.usernameRequired,
            message: 'Choose a username before you show yourself on the leaderboard.',
          },
        },
      },
    });
    renderWithToasts(<LeaderboardOptInCard account={anAccount({ username: 'miner' })} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Show me on the leaderboard' }));
    expect(
      await screen.findByText('Choose a username before you show yourself on the leaderboard.'),
    ).toBeVisible();
  });
});
