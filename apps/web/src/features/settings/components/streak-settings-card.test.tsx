import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { StreakSettingsCard } from './streak-settings-card.tsx';

describe('the Mining days and streaks card', () => {
  it('shows the stored settings, refuses what the server would, and saves the change', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /admin/settings/streaks': { body: { qualifyingMinutes: 30, milestoneBonus: '0' } },
        'PUT /admin/settings/streaks': ({ body }) => ({ body }),
      },
      signedInAdmin,
    );
    renderWithToasts(<StreakSettingsCard />, { path: '/admin/settings' });
    const minutes = await screen.findByLabelText('Mining day (minutes)');
    expect(minutes).toHaveValue(30);
    const bonus = screen.getByLabelText('Streak bonus (BTCP)');
    expect(bonus).toHaveValue(0);
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of minutes from 1 to 1440')).toBeVisible();
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.clear(bonus);
    await user.type(bonus, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('PUT /admin/settings/streaks')).toEqual([
        { qualifyingMinutes: 45, milestoneBonus: '2.5' },
      ]),
    );
    expect(await screen.findByText('Streak settings saved')).toBeVisible();
  });
});
