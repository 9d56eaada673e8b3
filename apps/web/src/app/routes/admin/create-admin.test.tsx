import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
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

  it('lets a signed-in admin create another', async () => {
    stubApi({
      'GET /auth/session': { body: signedInAdmin },
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
    });
    renderRoute(<CreateAdmin />, { path: '/create-admin' });
    expect(await screen.findByRole('button', { name: 'Create Admin' })).toBeVisible();
  });
});
