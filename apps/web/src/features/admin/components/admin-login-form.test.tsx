import { adminMessages } from '@btcp/shared/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { AdminLoginForm } from './admin-login-form.tsx';

function renderForm() {
  return renderWithToasts(<AdminLoginForm />, {
    path: '/admin-login',
    routes: [
      { path: '/admin/dashboard', element: <h1>Admin dashboard</h1> },
      { path: '/admin-two-factor', element: <h1>Two-factor set-up</h1> },
    ],
  });
}

async function submit(email = 'admin@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('AdminLoginForm', () => {
  it('signs in, welcomes the admin and opens the dashboard', async () => {
    const { calls } = stubApi({
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
      'POST /admin-auth/login': { body: { admin: { id: 'a1', email: 'admin@example.com' } } },
    });
    renderForm();
    await submit();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    expect(await screen.findByText(adminMessages.loginSuccess)).toBeVisible();
    expect(screen.getByText(adminMessages.loginSuccessDescription)).toBeVisible();
    expect(calls.find((call) => call.path === '/admin-auth/login')?.body).toEqual({
      email: 'admin@example.com',
      password: 'correct horse',
    });
  });

  it('tells an admin who must set two-factor up to do so, not welcomes them to the dashboard', async () => {
    stubApi({
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
      'POST /admin-auth/login': {
        body: {
          admin: { id: 'a2', email: 'second@example.com' },
          twoFactorEnrolmentRequired: true,
        },
      },
    });
    renderForm();
    await submit('second@example.com');
    expect(await screen.findByRole('heading', { name: 'Two-factor set-up' })).toBeVisible();
    expect(
      await screen.findByText('Set up two-factor authentication to continue to the admin area.'),
    ).toBeVisible();
    expect(screen.queryByText('Welcome to the admin dashboard')).not.toBeInTheDocument();
  });

  it('says "Invalid email or password" when the server refuses', async () => {
    stubApi({
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
      'POST /admin-auth/login': apiError(401, 'UNAUTHORIZED', 'Invalid email or password'),
    });
    renderForm();
    await submit();
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('passes on how long to wait after too many attempts', async () => {
    stubApi({
      'POST /admin-auth/login': apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please try again in 42 seconds.',
      ),
    });
    renderForm();
    await submit();
    expect(
      await screen.findByText('Too many attempts. Please try again in 42 seconds.'),
    ).toBeVisible();
  });

  it('says "An unexpected error occurred" when the network fails', async () => {
    stubApi({
      'POST /admin-auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderForm();
    await submit();
    expect(await screen.findByText(adminMessages.unexpected)).toBeVisible();
  });

  it('checks the fields before asking the server', async () => {
    const { calls } = stubApi({});
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(calls.some((call) => call.path === '/admin-auth/login')).toBe(false);
  });

  it('links to Create Admin only while no admin exists', async () => {
    stubApi({ 'GET /admin-auth/bootstrap': { body: { adminExists: false } } });
    renderForm();
    expect(await screen.findByRole('link', { name: 'Create Admin' })).toHaveAttribute(
      'href',
      '/create-admin',
    );
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  });

  it('offers no Create Admin link once an admin exists', async () => {
    const { fetchMock } = stubApi({
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
    });
    renderForm();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Create Admin' })).not.toBeInTheDocument();
  });
});
