import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminLayout } from '#web/app/layouts/admin-layout.tsx';
import { renderWithToasts } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { Component as TwoFactorSetup } from './two-factor-setup.tsx';

/** Decision 027: an admin who must have two-factor and has none is sent to set it up. */

const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };

function renderAdminArea() {
  return renderWithToasts(<p>Elsewhere</p>, {
    path: '/admin/dashboard',
    routes: [
      {
        element: <AdminLayout />,
        children: [{ path: '/admin/dashboard', element: <h1>Dashboard page</h1> }],
      },
      { path: '/admin-two-factor', element: <TwoFactorSetup /> },
    ],
  });
}

describe('the admin two-factor requirement in the browser', () => {
  it('sends an admin without two-factor from the admin area to set it up', async () => {
    stubApi({
      'GET /admin-auth/me': {
        body: {
          role: 'admin',
          id: 'a1',
          email: 'admin@example.com',
          twoFactorEnrolmentRequired: true,
        },
      },
      'GET /admin/two-factor': { body: off },
    });
    const { router } = renderAdminArea();
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin-two-factor');
    expect(await screen.findByRole('button', { name: 'Turn on two-factor' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continue to the admin dashboard' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();
  });

  it('lets an admin who has it continue to the dashboard', async () => {
    stubApi({
      'GET /admin-auth/me': { body: { role: 'admin', id: 'a1', email: 'admin@example.com' } },
      'GET /admin/two-factor': { body: { ...off, enabled: true, recoveryCodesLeft: 10 } },
    });
    renderWithToasts(<TwoFactorSetup />, { path: '/admin-two-factor' });
    expect(
      await screen.findByRole('link', { name: 'Continue to the admin dashboard' }),
    ).toHaveAttribute('href', '/admin/dashboard');
    expect(await screen.findByText('On')).toBeVisible();
  });
});
