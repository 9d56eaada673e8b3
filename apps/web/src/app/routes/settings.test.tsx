import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { signedInAdmin, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as Settings } from './settings.tsx';

const targets = [
  { path: '/account', element: <p>Account page</p> },
  { path: '/admin/settings', element: <p>Admin settings page</p> },
];

describe('/settings', () => {
  it('leads a user to their account', async () => {
    stubApi({}, signedInUser);
    renderRoute(<Settings />, { path: '/settings', routes: targets });
    expect(await screen.findByText('Account page')).toBeInTheDocument();
  });

  it('leads an admin to the admin settings', async () => {
    stubApi({}, signedInAdmin);
    renderRoute(<Settings />, { path: '/settings', routes: targets });
    expect(await screen.findByText('Admin settings page')).toBeInTheDocument();
  });
});
