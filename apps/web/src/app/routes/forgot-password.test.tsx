import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as ForgotPassword } from './forgot-password.tsx';

describe('forgot password page', () => {
  it('sends the link, then shows the check-your-email view', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/forgot-password': {
        status: 202,
        body: { message: 'If the address is known, a link is on its way.' },
      },
    });
    renderWithToasts(<ForgotPassword />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'miner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Recovery email sent')).toBeVisible();
    expect(api.sent('POST /auth/forgot-password')).toEqual([
      { email: 'miner@example.com', proof: expect.any(String) },
    ]);
  });

  it('says when it could not send', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/forgot-password': apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please try again in 60 seconds.',
      ),
    });
    renderWithToasts(<ForgotPassword />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'miner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 60 seconds.');
    // Said once, on the form: no toast repeats it.
    expect(screen.getAllByText('Too many attempts. Please try again in 60 seconds.')).toHaveLength(
      1,
    );
  });
});
