import type { MiningSettings } from '@btcp/shared/settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { MiningSettingsCard } from './mining-settings-card.tsx';

const settings: MiningSettings = {
  activePhase: 'early',
  earlyRate: '100',
  transitionRate: '1',
  rewardIntervalSeconds: 60,
  referralBonus: '40',
  referralQualifyingMinutes: 60,
};

function renderCard() {
  return renderWithToasts(<MiningSettingsCard />, { path: '/admin/settings' });
}

describe('MiningSettingsCard', () => {
  beforeEach(stubResizeObserver);

  it('loads the settings into the form', async () => {
    stubApi({ 'GET /admin/settings/mining': { body: settings } });
    renderCard();
    expect(screen.getByRole('heading', { name: 'Mining and Rewards' })).toBeVisible();
    expect(await screen.findByLabelText('Early phase hourly rate (BTCP)')).toHaveValue(100);
    expect(screen.getByRole('radio', { name: 'Early Phase' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Transition Phase' })).not.toBeChecked();
    expect(screen.getByLabelText('Transition phase hourly rate (BTCP)')).toHaveValue(1);
    expect(screen.getByLabelText('Reward interval (seconds)')).toHaveValue(60);
    expect(screen.getByLabelText('Referral bonus (BTCP)')).toHaveValue(40);
  });

  it('saves the changed settings with a PUT', async () => {
    const { calls } = stubApi({
      'GET /admin/settings/mining': { body: settings },
      'PUT /admin/settings/mining': (call) => ({ body: call.body }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('radio', { name: 'Transition Phase' }));
    const rate = screen.getByLabelText('Transition phase hourly rate (BTCP)');
    await user.clear(rate);
    await user.type(rate, '2.5');
    const interval = screen.getByLabelText('Reward interval (seconds)');
    await user.clear(interval);
    await user.type(interval, '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectToast('Settings saved');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { ...settings, activePhase: 'transition', transitionRate: '2.5', rewardIntervalSeconds: 120 },
    ]);
  });

  it('refuses an interval out of range without asking the server', async () => {
    const { calls } = stubApi({ 'GET /admin/settings/mining': { body: settings } });
    const user = userEvent.setup();
    renderCard();
    const interval = await screen.findByLabelText('Reward interval (seconds)');
    await user.clear(interval);
    await user.type(interval, '3601');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of seconds from 1 to 3600')).toBeVisible();
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server field errors on their fields', async () => {
    stubApi({
      'GET /admin/settings/mining': { body: settings },
      'PUT /admin/settings/mining': apiError(400, 'VALIDATION_FAILED', 'Invalid settings', {
        referralBonus: 'Referral bonus is too large',
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await screen.findByLabelText('Referral bonus (BTCP)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Failed to update settings');
    await waitFor(() =>
      expect(screen.getByLabelText('Referral bonus (BTCP)')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getAllByText('Referral bonus is too large').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Referral bonus (BTCP)')).toHaveFocus();
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    stubApi({
      'GET /admin/settings/mining': apiError(
        403,
        'FORBIDDEN',
        'You don\u2019t have admin privileges',
      ),
    });
    renderCard();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
