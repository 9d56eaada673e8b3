import { authMessages } from '@btcp/shared/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as Login } from './login.tsx';

const dashboards = [
  { path: '/dashboard', element: <p>Dashboard page</p> },
  { path: '/admin/dashboard', element: <p>Admin dashboard page</p> },
];

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'miner@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse 42');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  beforeEach(stubResizeObserver);

  it('links to password recovery, registration and the admin login', async () => {
    stubApi({});
    renderWithToasts(<Login />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Admin login' })).toHaveAttribute(
      'href',
      '/admin-login',
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).not.toBeChecked();
  });

  it('sends the remember flag and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'POST /auth/login': { body: signedInUser } });
    const { router } = renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me for 30 days' }));
    await signIn(user);

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Login successful')).toBeVisible();
    expect(api.sent('POST /auth/login')).toEqual([
      { email: 'miner@example.com', password: 'correct horse 42', remember: true },
    ]);
  });

  it('sends an admin session to the admin dashboard', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /auth/login': { body: { ...signedInUser, admin: signedInAdmin.admin } } });
    const { router } = renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    await signIn(user);
    expect(await screen.findByText('Admin dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('says when the credentials are wrong', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/login': apiError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials),
    });
    renderWithToasts(<Login />, { path: '/login' });
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent(authMessages.invalidCredentials);
    // Said once, on the form: no toast repeats it.
    expect(screen.getAllByText('Login failed')).toHaveLength(1);
    expect(screen.getAllByText(authMessages.invalidCredentials)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('offers a new verification email to an unverified address', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/login': apiError(403, 'EMAIL_NOT_VERIFIED', authMessages.emailNotVerified),
      'POST /auth/resend-verification': {
        status: 202,
        body: { message: 'If that address needs verifying, a new link is on its way.' },
      },
    });
    renderWithToasts(<Login />, { path: '/login' });
    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailNotVerified);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(authMessages.verificationSent)).toBeVisible();
    expect(api.sent('POST /auth/resend-verification')).toEqual([
      { email: 'miner@example.com', proof: expect.any(String) },
    ]);
  });

  it('checks the fields before asking the server', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithToasts(<Login />, { path: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveFocus();
    expect(api.sent('POST /auth/login')).toHaveLength(0);
  });

  it('sends someone already signed in to their dashboard', async () => {
    stubApi({}, signedInAdmin);
    const { router } = renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    expect(await screen.findByText('Admin dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
