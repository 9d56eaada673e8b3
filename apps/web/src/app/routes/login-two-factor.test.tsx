import { twoFactorMessages } from '@btcp/shared/two-factor';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as AdminLogin } from './admin/admin-login.tsx';
import { Component as Login } from './login.tsx';

/** The second sign-in step of decision 027, on the member and the admin login pages. */

const dashboards = [
  { path: '/dashboard', element: <p>Dashboard page</p> },
  { path: '/admin/dashboard', element: <p>Admin dashboard page</p> },
];
const askingForCode = { body: { user: null, admin: null, twoFactorRequired: true } };

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'miner@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse 42');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the second step of a member sign-in', () => {
  beforeEach(stubResizeObserver);

  it('asks for the code after the password, then signs in with it', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/login': askingForCode,
      'POST /auth/login/two-factor': { body: signedInUser },
    });
    const { router } = renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    await passwordStep(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(api.sent('POST /auth/login/two-factor')).toEqual([{ code: '123456' }]);
  });

  it('says when the code is wrong, and takes a recovery code instead', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = stubApi({
      'POST /auth/login': askingForCode,
      'POST /auth/login/two-factor': () => {
        tries += 1;
        return tries === 1
          ? apiError(400, 'TWO_FACTOR_CODE_INVALID', twoFactorMessages.wrongCode, {
              code: twoFactorMessages.wrongCode,
            })
          : { body: signedInUser };
      },
    });
    renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText('Authentication code');
    await screen.findByText(twoFactorMessages.wrongCode);
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(api.sent('POST /auth/login/two-factor')).toEqual([
      { code: '000000' },
      { recoveryCode: 'ABCDE-23456' },
    ]);
  });

  it('goes Back to the password, and back there when the pending sign-in has ended', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/login': askingForCode,
      'POST /auth/login/two-factor': apiError(
        401,
        'TWO_FACTOR_SIGN_IN_EXPIRED',
        twoFactorMessages.tooManyAttempts,
      ),
    });
    renderWithToasts(<Login />, { path: '/login', routes: dashboards });
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.tooManyAttempts);
    await user.click(screen.getByRole('button', { name: 'Enter your password again' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('miner@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.type(screen.getByLabelText('Password'), 'again');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

describe('the second step of an admin sign-in', () => {
  it('asks for the code, then opens the dashboard', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin-auth/bootstrap': { body: { adminExists: true } },
      'POST /admin-auth/login': { body: { admin: null, twoFactorRequired: true } },
      'POST /admin-auth/login/two-factor': {
        body: { admin: { id: 'a1', email: 'admin@example.com' } },
      },
    });
    renderWithToasts(<AdminLogin />, { path: '/admin-login', routes: dashboards });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse 42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Admin dashboard page')).toBeInTheDocument();
    expect(api.sent('POST /admin-auth/login/two-factor')).toEqual([{ code: '654321' }]);
  });
});
