import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../features/admin/test/mock-api.ts';
import { renderRoute, signedInAdmin, signedOut } from '../../../test/render.tsx';
import { Component as CreateAdmin } from './create-admin.tsx';

describe('create-admin page', () => {
  it('offers the form while no admin exists', async () => {
    mockApi({
      'GET /auth/session': json(200, signedOut),
      'GET /admin-auth/bootstrap': json(200, { adminExists: false }),
    });
    renderRoute(<CreateAdmin />, { path: '/create-admin' });
    expect(await screen.findByRole('button', { name: 'Create Admin' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Admin Login' })).toHaveAttribute(
      'href',
      '/admin-login',
    );
  });

  it('explains that an admin must sign in once one exists', async () => {
    mockApi({
      'GET /auth/session': json(200, signedOut),
      'GET /admin-auth/bootstrap': json(200, { adminExists: true }),
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
    mockApi({
      'GET /auth/session': json(200, signedInAdmin),
      'GET /admin-auth/bootstrap': json(200, { adminExists: true }),
    });
    renderRoute(<CreateAdmin />, { path: '/create-admin' });
    expect(await screen.findByRole('button', { name: 'Create Admin' })).toBeVisible();
  });
});
