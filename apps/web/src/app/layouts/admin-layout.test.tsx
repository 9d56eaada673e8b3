import { adminMessages } from '@btcp/shared/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { AdminLayout } from './admin-layout.tsx';

const admin = { role: 'admin', id: 'a1', email: 'admin@example.com' };
const moderator = { role: 'moderator', id: 'u1', email: 'mod@example.com' };

function renderAdminArea(path: string) {
  return renderWithToasts(<p>Elsewhere</p>, {
    path,
    routes: [
      {
        element: <AdminLayout />,
        children: [
          { path: '/admin/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/admin/users', element: <h1>Users page</h1> },
          { path: '/admin/community', element: <h1>Community page</h1> },
        ],
      },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/admin-login', element: <h1>Admin login page</h1> },
    ],
  });
}

describe('admin guard and layout', () => {
  it('says it is checking while the server answers', async () => {
    stubApi({ 'GET /admin-auth/me': () => new Promise(() => {}) });
    renderAdminArea('/admin/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking admin status...');
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    stubApi({ 'GET /admin-auth/me': apiError(401, 'UNAUTHORIZED', adminMessages.sessionNotFound) });
    renderAdminArea('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });

  it('tells a user without privileges "Access denied" and sends them to /login', async () => {
    stubApi({ 'GET /admin-auth/me': apiError(403, 'FORBIDDEN', adminMessages.noPrivileges) });
    renderAdminArea('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(await screen.findByText('Access denied')).toBeVisible();
    expect(screen.getByText('You don\u2019t have admin privileges')).toBeVisible();
  });

  it('says so when the check itself fails', async () => {
    stubApi({
      'GET /admin-auth/me': apiError(500, 'INTERNAL_ERROR', 'x'),
    });
    renderAdminArea('/admin/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify admin status');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows an admin every section, their email and Logout', async () => {
    stubApi({ 'GET /admin-auth/me': { body: admin } });
    renderAdminArea('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Users', '/admin/users'],
      ['Wallets', '/admin/wallets'],
      ['Blog', '/admin/blog'],
      ['Community', '/admin/community'],
      ['Settings', '/admin/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('admin@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it('limits a moderator to Blog and Community', async () => {
    stubApi({ 'GET /admin-auth/me': { body: moderator } });
    renderAdminArea('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Users page' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Blog', 'Community']);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Community' })).toHaveAttribute(
      'href',
      '/admin/community',
    );
    expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/admin/blog');
  });

  it('lets a moderator into community moderation', async () => {
    stubApi({ 'GET /admin-auth/me': { body: moderator } });
    renderAdminArea('/admin/community');
    expect(await screen.findByRole('heading', { name: 'Community page' })).toBeVisible();
  });

  it('checks again on every navigation and notices revoked privileges', async () => {
    let revoked = false;
    const { calls } = stubApi({
      'GET /admin-auth/me': () =>
        revoked ? apiError(403, 'FORBIDDEN', adminMessages.privilegesRevoked) : { body: admin },
    });
    const user = userEvent.setup();
    renderAdminArea('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(calls.filter((call) => call.path === '/admin-auth/me')).toHaveLength(1);

    revoked = true;
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(await screen.findByText(adminMessages.privilegesRevoked)).toBeVisible();
    expect(calls.filter((call) => call.path === '/admin-auth/me')).toHaveLength(2);
  });

  it('logs an admin out and goes to /admin-login', async () => {
    const { calls } = stubApi({
      'GET /admin-auth/me': { body: admin },
      'POST /admin-auth/logout': { status: 204 },
    });
    const user = userEvent.setup();
    renderAdminArea('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin login page' })).toBeVisible();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/admin-auth/logout')).toBe(
      true,
    );
  });
});
