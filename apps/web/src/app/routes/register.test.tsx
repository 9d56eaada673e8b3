import { authMessages } from '@btcp/shared/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as CheckInboxPage } from './check-inbox.tsx';
import { Component as Register } from './register.tsx';

/** A toast loads sonner first (lib/toast.ts): time for one to have shown, were it raised. */
const toastsSettled = () => new Promise((resolve) => setTimeout(resolve, 200));

async function fillForm(user: ReturnType<typeof userEvent.setup>, confirm = 'correct horse 42') {
  await user.type(await screen.findByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse 42');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('register page', () => {
  beforeEach(stubResizeObserver);

  it('takes the referral code from ?ref=', async () => {
    stubApi({});
    renderWithToasts(<Register />, { path: '/register?ref=ABCD2345' });
    expect(await screen.findByLabelText('Referral code (optional)')).toHaveValue('ABCD2345');
    // In a new tab, so what was typed here stays.
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      const link = screen.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says the passwords do not match, without calling the server', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithToasts(<Register />, { path: '/register' });
    await fillForm(user, 'something else 42');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const said = `${authMessages.passwordsDontMatch}: ${authMessages.passwordsDontMatchDescription}`;
    // Said once, beside the field: no toast repeats it (one would have come by now).
    expect(await screen.findByText(said)).toBeVisible();
    await toastsSettled();
    expect(screen.getAllByText(/match/)).toHaveLength(1);
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(said);
    expect(confirm).toHaveFocus();
    expect(api.sent('POST /auth/register')).toHaveLength(0);
  });

  it('requires the terms to be accepted', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithToasts(<Register />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const said = `${authMessages.termsRequired}: ${authMessages.termsRequiredDescription}`;
    expect(await screen.findByText(said)).toBeVisible();
    // Once, beside the box it speaks of: no toast repeats it.
    await toastsSettled();
    expect(screen.getAllByText(/Terms agreement required|agree to the terms/)).toHaveLength(1);
    const terms = screen.getByRole('checkbox', { name: /I agree to the/ });
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription(said);
    expect(api.sent('POST /auth/register')).toHaveLength(0);
  });

  it('shows the server’s field error on the field', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/register': apiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields', {
        referralCode: authMessages.referralCodeUnknown,
      }),
    });
    renderWithToasts(<Register />, { path: '/register?ref=ZZZZ2222' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const code = screen.getByLabelText('Referral code (optional)');
    expect(await screen.findByText(authMessages.referralCodeUnknown)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    // Said once: the form's alert names the failure, the field says why, and no toast repeats it.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(screen.getAllByText('Registration failed')).toHaveLength(1);
    expect(alert).not.toHaveTextContent(authMessages.referralCodeUnknown);
    expect(screen.getAllByText(authMessages.referralCodeUnknown)).toHaveLength(1);
  });

  it('shows a username that is taken on its field, and one of the wrong shape before sending', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/register': apiError(409, 'USERNAME_TAKEN', authMessages.usernameTaken, {
        username: authMessages.usernameTaken,
      }),
    });
    renderWithToasts(<Register />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    const name = screen.getByLabelText('Username (optional)');
    expect(name).toHaveAccessibleDescription(/Shown on your posts and comments/);
    await user.type(name, 'two words');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(authMessages.usernameShape)).toBeVisible();
    expect(api.sent('POST /auth/register')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'satoshi');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(authMessages.usernameTaken)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST /auth/register')).toEqual([
      expect.objectContaining({ username: 'satoshi' }),
    ]);
  });

  it('registers, then shows where the verification link went', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/register': { status: 201, body: { message: 'Check your inbox' } },
    });
    const { router } = renderWithToasts(<Register />, {
      path: '/register?ref=abcd2345',
      routes: [{ path: '/check-your-inbox', element: <CheckInboxPage /> }],
    });
    await fillForm(user);
    await user.type(screen.getByLabelText('Username (optional)'), ' Satoshi_21 ');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/check-your-inbox');
    expect(screen.getByText('new@example.com')).toBeVisible();
    expect(screen.getByText(/spam or junk folder/)).toBeVisible();
    expect(screen.getByText('Registration successful')).toBeVisible();
    expect(
      screen.getByText('Welcome to BTCP! Please check your email to verify your account.'),
    ).toBeVisible();
    expect(api.sent('POST /auth/register')).toEqual([
      {
        email: 'new@example.com',
        username: 'Satoshi_21',
        password: 'correct horse 42',
        confirmPassword: 'correct horse 42',
        referralCode: 'ABCD2345',
        acceptTerms: true,
        proof: expect.any(String),
      },
    ]);
  });

  it('shows the wait when the server rate-limits', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/register': apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please try again in 42 seconds.',
      ),
    });
    renderWithToasts(<Register />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
    // Not said again in a toast.
    expect(screen.getAllByText('Too many attempts. Please try again in 42 seconds.')).toHaveLength(
      1,
    );
  });

  it('explains the referral code alphabet', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderWithToasts(<Register />, { path: '/register' });
    await fillForm(user);
    const code = screen.getByLabelText('Referral code (optional)');
    await user.clear(code);
    await user.type(code, 'ABCD1O23');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/The letters O, I and L and the digits 0 and 1/)).toBeVisible();
  });

  it('sends a signed-in user to the dashboard', async () => {
    stubApi({}, signedInUser);
    const { router } = renderWithToasts(<Register />, {
      path: '/register',
      routes: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
    });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
