import { authMessages } from '@btcp/shared/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as ResetPassword } from './reset-password.tsx';

const TOKEN = 'a'.repeat(43);
const pages = [
  { path: '/forgot-password', element: <p>Forgot password page</p> },
  { path: '/login', element: <p>Login page</p> },
];

describe('reset password page', () => {
  it('sends an invalid or expired link to ask for a new one', async () => {
    const api = stubApi({
      'POST /auth/reset-password/check': apiError(400, 'INVALID_TOKEN', 'Invalid or expired link'),
    });
    const { router } = renderWithToasts(<ResetPassword />, {
      path: `/reset-password?token=${TOKEN}`,
      routes: pages,
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByText(authMessages.invalidOrExpiredLink)).toBeVisible();
    expect(screen.getByText(authMessages.invalidOrExpiredLinkDescription)).toBeVisible();
    expect(api.sent('POST /auth/reset-password/check')).toEqual([{ token: TOKEN }]);
  });

  it('treats a missing token the same way', async () => {
    stubApi({});
    const { router } = renderWithToasts(<ResetPassword />, {
      path: '/reset-password',
      routes: pages,
    });
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('sets the new password and goes to login', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/reset-password/check': { body: { valid: true } },
      'POST /auth/reset-password': { body: { message: 'Password changed' } },
    });
    const { router } = renderWithToasts(<ResetPassword />, {
      path: `/reset-password?token=${TOKEN}`,
      routes: pages,
    });
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Password reset successful')).toBeVisible();
    expect(api.sent('POST /auth/reset-password')).toEqual([
      { token: TOKEN, password: 'a new passphrase', confirmPassword: 'a new passphrase' },
    ]);
  });

  it('requires the two passwords to match', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'POST /auth/reset-password/check': { body: { valid: true } } });
    renderWithToasts(<ResetPassword />, { path: `/reset-password?token=${TOKEN}` });
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'another passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      authMessages.passwordsDontMatchDescription,
    );
    expect(api.sent('POST /auth/reset-password')).toHaveLength(0);
  });

  it('says when the reset fails', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/reset-password/check': { body: { valid: true } },
      'POST /auth/reset-password': apiError(
        400,
        'INVALID_TOKEN',
        'This link has already been used',
      ),
    });
    renderWithToasts(<ResetPassword />, { path: `/reset-password?token=${TOKEN}` });
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password reset failed');
    expect(alert).toHaveTextContent('This link has already been used');
    // Said once, on the form: no toast repeats it.
    expect(screen.getAllByText('This link has already been used')).toHaveLength(1);
  });
});
