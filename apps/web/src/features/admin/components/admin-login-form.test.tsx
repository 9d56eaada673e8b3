import { adminMessages } from '@btcp/shared/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { apiError, json, mockApi } from '../test/mock-api.ts';
import { renderToaster } from '../test/render-toaster.tsx';
import { AdminLoginForm } from './admin-login-form.tsx';

function renderForm() {
  renderToaster();
  return renderRoute(<AdminLoginForm />, {
    path: '/admin-login',
    routes: [{ path: '/admin/dashboard', element: <h1>Admin dashboard</h1> }],
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
    const { calls } = mockApi({
      'GET /admin-auth/bootstrap': json(200, { adminExists: true }),
      'POST /admin-auth/login': json(200, { admin: { id: 'a1', email: 'admin@example.com' } }),
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

  it('says "Invalid email or password" when the server refuses', async () => {
    mockApi({
      'GET /admin-auth/bootstrap': json(200, { adminExists: true }),
      'POST /admin-auth/login': apiError(401, 'Invalid email or password'),
    });
    renderForm();
    await submit();
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('passes on how long to wait after too many attempts', async () => {
    mockApi({
      'POST /admin-auth/login': apiError(429, 'Too many attempts. Please try again in 42 seconds.'),
    });
    renderForm();
    await submit();
    expect(
      await screen.findByText('Too many attempts. Please try again in 42 seconds.'),
    ).toBeVisible();
  });

  it('says "An unexpected error occurred" when the network fails', async () => {
    mockApi({
      'POST /admin-auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderForm();
    await submit();
    expect(await screen.findByText(adminMessages.unexpected)).toBeVisible();
  });

  it('checks the fields before asking the server', async () => {
    const { calls } = mockApi({});
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(calls.some((call) => call.path === '/admin-auth/login')).toBe(false);
  });

  it('links to Create Admin only while no admin exists', async () => {
    mockApi({ 'GET /admin-auth/bootstrap': json(200, { adminExists: false }) });
    renderForm();
    expect(await screen.findByRole('link', { name: 'Create Admin' })).toHaveAttribute(
      'href',
      '/create-admin',
    );
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  });

  it('offers no Create Admin link once an admin exists', async () => {
    const { fetchMock } = mockApi({
      'GET /admin-auth/bootstrap': json(200, { adminExists: true }),
    });
    renderForm();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Create Admin' })).not.toBeInTheDocument();
  });
});
