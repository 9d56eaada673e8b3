import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberPendingVerification } from '#web/features/auth/lib/pending-verification.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as CheckInbox } from './check-inbox.tsx';

describe('check-your-inbox page', () => {
  afterEach(() => window.sessionStorage.clear());

  it('names the address after a reload, resends, and shows the wait when rate-limited', async () => {
    rememberPendingVerification('new@example.com');
    const user = userEvent.setup();
    let calls = 0;
    const api = stubApi({
      'POST /auth/resend-verification': () =>
        ++calls === 1
          ? { body: { message: 'A new link is on its way.' } }
          : apiError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'),
    });
    renderWithToasts(<CheckInbox />, { path: '/check-your-inbox' });
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByText('new@example.com')).toBeVisible();
    expect(screen.getByText(/spam or junk folder/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(api.sent('POST /auth/resend-verification')).toEqual([
      { email: 'new@example.com', proof: expect.any(String) },
    ]);

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 60 seconds.',
    );
  });
});
