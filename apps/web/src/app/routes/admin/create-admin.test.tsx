import { adminMessages } from '@btcp/shared/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, signedOut, stubApi } from '#web/test/stub-api.ts';
import { Component as CreateAdmin } from './create-admin.tsx';

describe('create-admin page', () => {
  it('offers the form while no admin exists', async () => {
    stubApi({
      'GET /auth/session': { body: signedOut },
      'GET /admin-auth/bootstrap': { body: { adminExists: false } },
    });
    renderRoute(<CreateAdmin />, { path: '/create-admin' });
    expect(await screen.findByRole('button', { name: 'Create Admin' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Admin Login' })).toHaveAttribute(
      'href',
      '/admin-login',
    );
  });

  it('explains that an admin must sign in once one exists', async () => {
    stubApi({
      'GET /auth/session': { body: signedOut },
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
    });
    renderRoute(<CreateAdmin />, { path: '/create-admin' });
    expect(
      await screen.findByText('An admin already exists: sign in as an admin to create another.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute(
      'href',
      '/admin-login',
    );
    expect(screen.queryByRole('button', { name: 'Create Admin' })).not.toBeInTheDocument();
  });

  it('sends a signed-in admin to Settings, where admins are added', async () => {
    stubApi({
      'GET /auth/session': { body: signedInAdmin },
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
    });
    renderRoute(<CreateAdmin />, {
      path: '/create-admin',
      routes: [{ path: '/admin/settings', element: <h1>Admin settings</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Admin settings' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Admin' })).not.toBeInTheDocument();
  });

  async function createFirstAdmin(twoFactorEnrolmentRequired: boolean) {
    // As the server does: once created, the caller is signed in and the bootstrap is closed.
    let created = false;
    stubApi({
      'GET /auth/session': () => ({ body: created ? signedInAdmin : signedOut }),
      'GET /admin-auth/bootstrap': () => ({ body: { adminExists: created } }),
      'POST /admin-auth/create': () => {
        created = true;
        return {
          status: 201,
          body: {
            message: adminMessages.firstAdminCreated('first@example.com'),
            admin: { id: 'a1', email: 'first@example.com' },
            signedIn: true,
            ...(twoFactorEnrolmentRequired && { twoFactorEnrolmentRequired: true }),
          },
        };
      },
    });
    renderWithToasts(<CreateAdmin />, {
      path: '/create-admin',
      routes: [
        { path: '/admin/dashboard', element: <h1>Admin dashboard</h1> },
        { path: '/admin-two-factor', element: <h1>Two-factor set-up</h1> },
        { path: '/admin-login', element: <h1>Admin login page</h1> },
        { path: '/admin/settings', element: <h1>Admin settings</h1> },
      ],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'first@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough 1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
  }

  it('signs the first admin in and opens the dashboard, not the login page', async () => {
    await createFirstAdmin(false);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    expect(
      await screen.findByText('Admin first@example.com created successfully. You are signed in.'),
    ).toBeVisible();
    // The fresh session must not send the new admin on to Settings afterwards.
    await new Promise((settle) => setTimeout(settle, 100));
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    expect(screen.queryByText(/You can now login/)).not.toBeInTheDocument();
  });

  it('sends the first admin to set two-factor up when every admin must have it', async () => {
    await createFirstAdmin(true);
    expect(await screen.findByRole('heading', { name: 'Two-factor set-up' })).toBeVisible();
  });
});
