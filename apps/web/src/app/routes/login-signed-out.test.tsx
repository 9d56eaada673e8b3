import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { renderRoute } from '#web/test/render.tsx';
import { signedOut, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as Login } from './login.tsx';

/** A browser whose session was ended from another device is told so on the sign-in page. */

function openDashboard() {
  return renderRoute(
    <RequireUser>
      <p>Dashboard page</p>
    </RequireUser>,
    { path: '/dashboard', routes: [{ path: '/login', element: <Login /> }] },
  );
}

describe('signed out from another device', () => {
  beforeEach(stubResizeObserver);

  it('lands on the sign-in page with the reason when the server says so', async () => {
    stubApi({}, { ...signedOut, endedElsewhere: true });
    const { router } = openDashboard();
    expect(await screen.findByText('You were signed out from another device')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(/Sign in again to continue\./)).toBeVisible();
  });

  it('says nothing of the kind when the session simply is not there (expired, or never was)', async () => {
    stubApi({}, signedOut);
    const { router } = openDashboard();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('You were signed out from another device')).toBeNull();
  });
});
