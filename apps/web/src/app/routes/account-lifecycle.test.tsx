import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, signedOut, stubApi } from '#web/test/stub-api.ts';
import { Component as AccountPage } from './account.tsx';
import { Component as AccountDeletedPage } from './account-deleted.tsx';
import { Component as ConfirmEmailPage } from './confirm-email-change.tsx';

const account = anAccount();

const reauthenticationRequired = apiError(
  403,
  'REAUTHENTICATION_REQUIRED',
  'Enter your password again to continue.',
);

describe('the Email card', () => {
  it('asks for the password when the server wants it, then says where the link went', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': { body: { items: [] } },
        'POST /account/email': ({ body }) =>
          confirmed
            ? {
                status: 202,
                body: {
                  message: `Check ${(body as { newEmail: string }).newEmail} for a link to confirm it`,
                },
              }
            : reauthenticationRequired,
        'POST /account/reauthenticate': () => {
          confirmed = true;
          return { status: 204 };
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(await screen.findByLabelText('New email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Check new@example.com for a link to confirm it')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('New email address')).toHaveValue('');
    expect(api.sent('POST /account/email')).toEqual([
      { newEmail: 'new@example.com' },
      { newEmail: 'new@example.com' },
    ]);
  });

  it('shows the server’s refusal of the current address on the field', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': { body: { items: [] } },
        'POST /account/email': apiError(400, 'BAD_REQUEST', 'That is already your email address', {
          newEmail: 'That is already your email address',
        }),
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    const field = await screen.findByLabelText('New email address');
    await user.type(field, 'miner@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('That is already your email address')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the Delete account card', () => {
  it('refuses an address that is not the account’s without asking the server', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      { 'GET /account': { body: account }, 'GET /account/sessions': { body: { items: [] } } },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(
      await screen.findByLabelText('Type your email address to confirm'),
      'other@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('That is not your email address')).toBeVisible();
    expect(api.sent('POST /account/delete')).toHaveLength(0);
  });

  it('deletes the account with the typed address, whatever its case', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': { body: { items: [] } },
        'POST /account/delete': { body: { message: 'Your account was deleted' } },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.type(
      await screen.findByLabelText('Type your email address to confirm'),
      'MINER@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(api.sent('POST /account/delete')).toEqual([{ email: 'MINER@example.com' }]),
    );
    // The page then loads the goodbye page afresh (the browser tests follow it there).
    expect(screen.queryByText('Error')).toBeNull();
  });
});

describe('the goodbye page', () => {
  it('says goodbye to a visitor', async () => {
    stubApi({}, signedOut);
    renderWithToasts(<AccountDeletedPage />, { path: '/account-deleted' });
    expect(await screen.findByRole('heading', { name: 'Your account was deleted' })).toBeVisible();
    expect(screen.getByText(/You are signed out everywhere/)).toBeVisible();
  });

  it('sends a signed-in member to their dashboard', async () => {
    stubApi({}, signedInUser);
    const { router } = renderWithToasts(<AccountDeletedPage />, {
      path: '/account-deleted',
      routes: [{ path: '/dashboard', element: <p>Dashboard</p> }],
    });
    expect(await screen.findByText('Dashboard')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the confirm-email page', () => {
  it('confirms the link once and shows the new address', async () => {
    const api = stubApi(
      {
        'POST /account/email/confirm': {
          body: { email: 'new@example.com', message: 'Your email address is now new@example.com' },
        },
      },
      signedOut,
    );
    renderWithToasts(<ConfirmEmailPage />, {
      path: `/account/confirm-email?token=${'t'.repeat(43)}`,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your new email address...');
    expect(
      await screen.findByRole('heading', { name: 'Your email address is now new@example.com' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(api.sent('POST /account/email/confirm')).toEqual([{ token: 't'.repeat(43) }]);
  });

  it('says when the address was taken in the meantime', async () => {
    stubApi(
      {
        'POST /account/email/confirm': apiError(
          409,
          'CONFLICT',
          'That email address is already in use',
        ),
      },
      signedInUser,
    );
    renderWithToasts(<ConfirmEmailPage />, {
      path: `/account/confirm-email?token=${'t'.repeat(43)}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That email address is already in use');
    expect(await screen.findByRole('link', { name: 'Back to your account' })).toBeVisible();
  });

  it('says when the link is invalid, expired or used', async () => {
    stubApi(
      {
        'POST /account/email/confirm': apiError(400, 'INVALID_TOKEN', 'Invalid link'),
      },
      signedOut,
    );
    renderWithToasts(<ConfirmEmailPage />, {
      path: `/account/confirm-email?token=${'t'.repeat(43)}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, expired or already used.',
    );
  });
});
