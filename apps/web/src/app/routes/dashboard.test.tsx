import type { MiningStatus } from '@btcp/shared/mining';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import SignedInServices from '../layouts/signed-in-services.tsx';
import { Component as Dashboard } from './dashboard.tsx';

const status: MiningStatus = {
  session: null,
  activeMiners: 0,
  hourlyRate: '100.00000000',
  phaseName: 'Early Phase',
  rewardIntervalSeconds: 60,
};

const routes = {
  'GET /referrals/stats': {
    body: {
      referralCode: 'ABCD2345',
      referrals: 3,
      pendingReferrals: 2,
      pendingUnverified: 1,
      pendingMinedMinutes: [25],
      qualifyingMinutes: 60,
      earnings: '120.00000000',
    },
  },
  'GET /mining/status': { body: status },
  'GET /mining/streak': {
    body: { current: 0, longest: 0, freezes: 0, qualifyingMinutes: 30, days: [] },
  },
};

describe('dashboard page', () => {
  beforeEach(() => {
    stubEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('welcomes the user and shows mining, their referral link and referral stats', async () => {
    stubApi(routes, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(document.title).toBe('Dashboard | BTCP');
    expect(await screen.findByText('miner@example.com')).toBeVisible();
    expect(await screen.findByLabelText('Referral link')).toHaveValue(
      `${window.location.origin}/register?ref=ABCD2345`,
    );
    // Qualified referrals (each paid the bonus) apart from those still waiting, with their progress.
    expect(screen.getByText('Qualified referrals').nextSibling).toHaveTextContent('3');
    expect(
      screen.getByText(
        '2 more waiting to qualify (1 to verify their email; mined so far: 25 of 60 min)',
      ),
    ).toBeVisible();
    expect(screen.getByText('Referral earnings').nextSibling).toHaveTextContent(
      '120.00000000 BTCP',
    );
    expect(await screen.findByRole('button', { name: 'Start Mining' })).toBeEnabled();
  });

  it('states the referral rule with the qualifying time the admin set, never an instant bonus', async () => {
    const stats = { ...routes['GET /referrals/stats'].body, qualifyingMinutes: 90 };
    stubApi({ ...routes, 'GET /referrals/stats': { body: stats } }, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    expect(
      await screen.findByText(
        'Share it: you receive 40 BTCP for every friend who signs up with it, verifies their email and mines 90 minutes.',
      ),
    ).toBeVisible();
    expect(document.body.textContent).not.toMatch(/instant|at once|that moment/i);
  });

  it('copies the link and says so for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubApi(routes, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=ABCD2345`);
    expect(await screen.findByText('Copied to clipboard')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    stubApi(routes, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy')).toBeVisible();
  });

  it('shares with the system sheet and ignores a cancelled share', async () => {
    const user = userEvent.setup();
    const share = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new DOMException('Cancelled', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    stubApi(routes, signedInUser);
    renderWithToasts(<Dashboard />, { path: '/dashboard' });
    try {
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(await screen.findByText('Shared successfully')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledTimes(2);
      expect(screen.queryByText('Failed to share')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('refetches the mining status when the event stream says mining changed', async () => {
    const Source = stubEventSource();
    let session: MiningStatus['session'] = {
      id: '6f1c2f4e-8d7a-4c39-9b1e-2a5d3c4b5a60',
      startedAt: new Date().toISOString(),
      hourlyRate: '100.00000000',
      rewardIntervalSeconds: 60,
      totalMiningSeconds: 0,
    };
    stubApi(
      { ...routes, 'GET /mining/status': () => ({ body: { ...status, session } }) },
      signedInUser,
    );
    renderWithToasts(
      <>
        <SignedInServices />
        <Dashboard />
      </>,
      { path: '/dashboard' },
    );
    expect(await screen.findByRole('button', { name: 'Mining In Another Browser' })).toBeDisabled();
    session = null;
    Source.latest().send({ type: 'mining', active: false, sessionId: null });
    expect(await screen.findByRole('button', { name: 'Start Mining' })).toBeEnabled();
  });
});
