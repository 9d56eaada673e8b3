import { adminMessages } from '@btcp/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { AdminsCard } from './admins-card.tsx';

function renderCard() {
  return renderWithToasts(<AdminsCard />, {
    path: '/admin/settings',
    routes: [
      { path: '/admin-login', element: <h1>Admin login page</h1> },
      { path: '/create-admin', element: <h1>First-run page</h1> },
    ],
  });
}

async function openAndFill(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add an admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an admin' });
  await user.type(within(dialog).getByLabelText('Email'), 'new@example.com');
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.type(within(dialog).getByLabelText('Confirm Password'), confirmPassword);
  await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
  return { user, dialog };
}

describe('AdminsCard (admin Settings)', () => {
  it('creates another admin in a dialog inside the admin area, with its own words', async () => {
    const { calls } = stubApi(
      {
        'POST /admin-auth/create': {
          status: 201,
          body: {
            message: adminMessages.createSuccess('new@example.com'),
            admin: { id: 'a2', email: 'new@example.com' },
            signedIn: false,
          },
        },
      },
      signedInAdmin,
    );
    const { router } = renderCard();
    await openAndFill('long enough 1', 'long enough 1');
    expect(
      await screen.findByText(
        'Admin new@example.com created successfully. They can now sign in with the password you chose.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still in Settings: never the public first-run page or the admin login.
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(screen.queryByText(/Back to Admin Login|You can now login/)).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    });
  });

  it('says the passwords don’t match, and sends nothing', async () => {
    const { calls } = stubApi({}, signedInAdmin);
    renderCard();
    await openAndFill('long enough 1', 'long enough 2');
    expect(await screen.findByText('Passwords don\u2019t match')).toBeVisible();
    expect(screen.getAllByText('Please make sure your passwords match').length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows what the server refused and keeps the dialog open', async () => {
    stubApi(
      {
        'POST /admin-auth/create': apiError(409, 'CONFLICT', 'This email is already taken', {
          email: 'This email is already taken',
        }),
      },
      signedInAdmin,
    );
    renderCard();
    await openAndFill('long enough 1', 'long enough 1');
    expect(await screen.findByText(adminMessages.somethingWentWrong)).toBeVisible();
    expect(screen.getAllByText('This email is already taken').length).toBe(2);
    expect(screen.getByRole('dialog', { name: 'Add an admin' })).toBeVisible();
  });
});
