import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { SignUpProtectionCard } from './sign-up-protection-card.tsx';

describe('the Sign-up protection card', () => {
  it('shows the stored settings and saves the admin’s change', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /admin/settings/sign-up': {
          body: { proofOfWorkAttempts: 2000, registrationsPerNetworkPerDay: 5 },
        },
        'PUT /admin/settings/sign-up': ({ body }) => ({ body }),
      },
      signedInAdmin,
    );
    renderWithToasts(<SignUpProtectionCard />, { path: '/admin/settings' });
    const perNetwork = await screen.findByLabelText('Registrations per network per day');
    expect(perNetwork).toHaveValue(5);
    expect(screen.getByLabelText('Proof of work (attempts at most)')).toHaveValue(2000);
    await user.clear(perNetwork);
    await user.type(perNetwork, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 10,000')).toBeVisible();
    await user.clear(perNetwork);
    await user.type(perNetwork, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('PUT /admin/settings/sign-up')).toEqual([
        { proofOfWorkAttempts: 2000, registrationsPerNetworkPerDay: 12 },
      ]),
    );
    expect(await screen.findByText('Sign-up protection saved')).toBeVisible();
  });

  it('says the settings could not be loaded, and shows them once Try again reads them', async () => {
    const user = userEvent.setup();
    let reads = 0;
    stubApi(
      {
        'GET /admin/settings/sign-up': () =>
          ++reads === 1
            ? apiError(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable')
            : { body: { proofOfWorkAttempts: 3000, registrationsPerNetworkPerDay: 7 } },
      },
      signedInAdmin,
    );
    renderWithToasts(<SignUpProtectionCard />, { path: '/admin/settings' });
    expect(await screen.findByText('Failed to load settings', { selector: 'p' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Proof of work (attempts at most)')).toHaveValue(3000);
    expect(screen.getByLabelText('Registrations per network per day')).toHaveValue(7);
  });
});
