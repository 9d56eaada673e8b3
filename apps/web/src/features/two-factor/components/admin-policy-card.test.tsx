import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { AdminTwoFactorPolicyCard } from './admin-policy-card.tsx';

const status = (enabled: boolean) => ({
  body: { enabled, enabledAt: enabled ? '2026-11-01T10:00:00.000Z' : null, recoveryCodesLeft: 10 },
});

function renderCard(ownTwoFactor: boolean, requiredForAdmins = false) {
  const api = stubApi(
    {
      'GET /admin/settings/two-factor': { body: { requiredForAdmins } },
      'GET /admin/two-factor': status(ownTwoFactor),
      'PUT /admin/settings/two-factor': (call) => ({ body: call.body }),
    },
    signedInAdmin,
  );
  renderWithToasts(<AdminTwoFactorPolicyCard />, { path: '/admin/settings' });
  return api;
}

const policySwitch = () =>
  screen.getByRole('switch', { name: 'Require two-factor for every admin' });

describe('AdminTwoFactorPolicyCard', () => {
  it('refuses before, not after: without two-factor of their own the switch is off limits and says why', async () => {
    const { calls } = renderCard(false);
    await screen.findByRole('switch', { name: 'Require two-factor for every admin' });
    await waitFor(() => expect(policySwitch()).toBeDisabled());
    expect(policySwitch()).toHaveAccessibleDescription(
      'Turn on two-factor authentication for your own admin account first. Turn it on in Two-factor authentication on this page.',
    );
    await userEvent.setup().click(policySwitch());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('lets an admin with two-factor require it of every admin', async () => {
    const { calls } = renderCard(true);
    await screen.findByRole('switch', { name: 'Require two-factor for every admin' });
    await waitFor(() => expect(calls.some((call) => call.path === '/admin/two-factor')).toBe(true));
    expect(policySwitch()).toBeEnabled();
    expect(policySwitch()).not.toHaveAccessibleDescription(/first/);
    await userEvent.setup().click(policySwitch());
    expect(
      await screen.findByText('Every admin now needs two-factor authentication'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { requiredForAdmins: true },
    ]);
  });
});
