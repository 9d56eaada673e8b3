import { authMessages } from '@btcp/shared/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as AccountPage } from './account.tsx';

const account = anAccount();

describe('account page', () => {
  it('shows the email read-only and saves the username', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /account': { body: account },
        'PATCH /account': ({ body }) => ({ body: { ...account, ...(body as object) } }),
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('miner@example.com');
    expect(email).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Username'), 'satoshi_fan');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeVisible();
    expect(api.sent('PATCH /account')).toEqual([{ username: 'satoshi_fan' }]);
  });

  it('shows a taken username on the field', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /account': { body: account },
        'PATCH /account': apiError(409, 'USERNAME_TAKEN', authMessages.usernameTaken, {
          username: authMessages.usernameTaken,
        }),
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(await screen.findByLabelText('Username'), 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const username = screen.getByLabelText('Username');
    await screen.findByText('Error');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining(authMessages.usernameTaken),
    );
    expect(username).toHaveFocus();
  });

  it('refuses a confirmation that does not match', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'GET /account': { body: account } }, signedInUser);
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      authMessages.newPasswordsMustMatch,
    );
    expect(await screen.findByText('Error')).toBeVisible();
    expect(api.sent('POST /account/password')).toHaveLength(0);
  });

  it('updates the password and clears the form', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /account': { body: account },
        'POST /account/password': { body: { message: 'Your password has been changed.' } },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(await screen.findByLabelText('Current password'), 'the old passphrase');
    await user.type(screen.getByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated')).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Password tips' })).toBeVisible();
    expect(api.sent('POST /account/password')).toEqual([
      {
        currentPassword: 'the old passphrase',
        newPassword: 'a new passphrase',
        confirmPassword: 'a new passphrase',
      },
    ]);
  });
});
