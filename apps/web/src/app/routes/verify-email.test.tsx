import { authMessages } from '@btcp/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as VerifyEmail } from './verify-email.tsx';

const TOKEN = 'b'.repeat(43);

describe('verify email page', () => {
  it('verifies the token once, even in StrictMode, then offers to sign in', async () => {
    const api = stubApi({
      'POST /auth/verify-email': { body: { message: 'Your email is verified.' } },
    });
    // StrictMode at the root, as in main.tsx: effects run twice on mount.
    render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[`/verify-email?token=${TOKEN}`]}>
            <VerifyEmail />
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.sent('POST /auth/verify-email')).toEqual([{ token: TOKEN }]);
  });

  it('offers a new link when the token is invalid or expired', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/verify-email': apiError(400, 'INVALID_TOKEN', 'Invalid or expired link'),
      'POST /auth/resend-verification': {
        status: 202,
        body: { message: 'A new link is on its way.' },
      },
    });
    renderWithToasts(<VerifyEmail />, { path: `/verify-email?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: authMessages.invalidOrExpiredLink }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'miner@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(screen.getByText(authMessages.verificationSent)).toBeVisible();
    expect(api.sent('POST /auth/resend-verification')).toEqual([
      { email: 'miner@example.com', proof: expect.any(String) },
    ]);
  });
});
