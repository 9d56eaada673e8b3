import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as SignedInLayout } from './signed-in-layout.tsx';

const bannedUser = {
  user: { id: 'u2', email: 'banned@example.com', isBanned: true, isModerator: false },
  admin: null,
};

/** The layout around a dashboard page, with the pages it may send a visitor to. */
function renderLayout() {
  return renderWithToasts(<p>Elsewhere</p>, {
    path: '/dashboard',
    routes: [
      {
        element: <SignedInLayout />,
        children: [
          { path: '/dashboard', handle: { title: 'Dashboard' }, element: <p>Dashboard page</p> },
        ],
      },
      { path: '/login', element: <p>Login page</p> },
      { path: '/admin/dashboard', element: <p>Admin dashboard page</p> },
    ],
  });
}

function clearSidebarCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the one cookie the sidebar writes
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

describe('signed-in layout', () => {
  afterEach(clearSidebarCookie);

  it('sends a visitor without a session to /login', async () => {
    stubApi({});
    const { router } = renderLayout();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an admin session to the admin dashboard', async () => {
    stubApi({}, signedInAdmin);
    const { router } = renderLayout();
    expect(await screen.findByText('Admin dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('shows the page with the sidebar links, the email and the title', async () => {
    stubApi({}, signedInUser);
    renderLayout();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Wallet', '/wallet'],
      ['Community', '/community'],
      ['Account', '/account'],
    ]) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // One entry per page: /settings is another address of Account, not a page of its own.
    expect(nav.queryByRole('link', { name: 'Settings' })).toBeNull();
    const targets = nav.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(new Set(targets).size).toBe(targets.length);
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('miner@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Dashboard')).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('Dashboard page'));
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.queryByText('Account Banned')).toBeNull();
  });

  it('labels a banned user’s account', async () => {
    stubApi({}, bannedUser);
    renderLayout();
    expect(
      await within(await screen.findByRole('banner')).findByText('Account Banned'),
    ).toBeVisible();
  });

  it('toggles with Ctrl+B and remembers the state in a cookie', async () => {
    const user = userEvent.setup();
    stubApi({}, signedInUser);
    renderLayout();
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');

    await user.click(toggle);
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the state a previous visit left
    document.cookie = 'sidebar_state=false; path=/';
    stubApi({}, signedInUser);
    renderLayout();
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    // The links keep their names for assistive technology while only icons show.
    expect(screen.getByRole('link', { name: 'Wallet' })).toBeInTheDocument();
  });

  it('logs out and goes to /login', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'POST /auth/logout': { status: 204 } }, signedInUser);
    const { router } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Logged out')).toBeVisible();
    expect(api.sent('POST /auth/logout')).toHaveLength(1);
  });
});
