import { adminMessages } from '@btcp/shared/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, signedOut, stubApi } from '#web/test/stub-api.ts';
import { Component as AdminLogin } from './admin-login.tsx';

describe('admin-login page', () => {
  it('shows the form to someone not signed in as admin', async () => {
    stubApi({
      'GET /auth/session': { body: signedOut },
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
    });
    renderRoute(<AdminLogin />, { path: '/admin-login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  it('sends an admin straight to the dashboard', async () => {
    stubApi({ 'GET /auth/session': { body: signedInAdmin } });
    renderRoute(<AdminLogin />, {
      path: '/admin-login',
      routes: [{ path: '/admin/dashboard', element: <h1>Admin dashboard</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  });

  it('welcomes the admin even though the new session also redirects', async () => {
    let signedIn = false;
    stubApi({
      'GET /auth/session': () => ({ body: signedIn ? signedInAdmin : signedOut }),
      // Slower than the session, as on a real network: the page has redirected before it answers.
      'GET /admin-auth/bootstrap': async () => {
        if (signedIn) await new Promise((resolve) => setTimeout(resolve, 50));
        return { body: { adminExists: true } };
      },
      'POST /admin-auth/login': () => {
        signedIn = true;
        return { body: { admin: signedInAdmin.admin } };
      },
    });
    renderWithToasts(<AdminLogin />, {
      path: '/admin-login',
      routes: [{ path: '/admin/dashboard', element: <h1>Admin dashboard</h1> }],
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    expect(await screen.findByText(adminMessages.loginSuccess)).toBeVisible();
  });
});
