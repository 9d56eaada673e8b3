import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, stubApi } from '../../features/auth/testing/stub-api.tsx';
import { signedInUser } from '../../test/render.tsx';
import { Component as Dashboard } from './dashboard.tsx';

describe('dashboard page', () => {
  it('welcomes the user and shows their referral link', async () => {
    stubApi({ 'GET /account': { body: { referralCode: 'ABCD2345' } } }, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await screen.findByText('miner@example.com')).toBeVisible();
    expect(await screen.findByLabelText('Referral link')).toHaveValue(
      `${window.location.origin}/register?ref=ABCD2345`,
    );
  });

  it('copies the link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubApi({ 'GET /account': { body: { referralCode: 'ABCD2345' } } }, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=ABCD2345`);
    expect(await screen.findByText('Copied to clipboard')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
