import type { MiningStatus } from '@btcp/shared/mining';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import SignedInServices from '../layouts/signed-in-services.tsx';
import { Component as WalletPage } from './wallet.tsx';

/** A session running in another browser: started 90 s ago, its first minute paid. */
function miningStatus(): MiningStatus {
  const session = {
    id: 's1',
    startedAt: new Date(Date.now() - 90_000).toISOString(),
    hourlyRate: '100',
    rewardIntervalSeconds: 60,
    totalMiningSeconds: 60,
  };
  return {
    session,
    activeMiners: 1,
    hourlyRate: '100',
    phaseName: 'Phase 1',
    rewardIntervalSeconds: 60,
  };
}

describe('wallet while mining', () => {
  beforeEach(() => {
    stubEventSource();
  });

  it('shows what the session has earned since its last reward, apart from the balance', async () => {
    const Source = stubEventSource();
    stubApi(
      {
        'GET /wallet': { body: { balance: '1.66666667' } },
        'GET /wallet/transactions': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
        'GET /mining/status': { body: miningStatus() },
      },
      signedInUser,
    );
    renderWithToasts(
      <>
        <SignedInServices />
        <WalletPage />
      </>,
      { path: '/wallet' },
    );
    // 30 unpaid seconds at 100 BTCP/hour (31 if the clock ticked meanwhile).
    expect(
      await screen.findByText(/^\+0\.(83333333|86111111) BTCP pending, credited every minute$/),
    ).toBeVisible();
    // The balance is still the ledger's.
    expect(screen.getByText('.66666667')).toBeVisible();

    // The reward for those seconds is credited: the balance has it, and pending starts again.
    Source.latest().open();
    Source.latest().send({
      type: 'ledger',
      balance: '2.50000000',
      transaction: {
        id: 't1',
        amount: '0.83333333',
        type: 'MINING',
        description: 'Mining reward: 30 s at 100 BTCP/hour',
        createdAt: new Date().toISOString(),
      },
      mining: { sessionId: 's1', totalMiningSeconds: 90 },
    });
    expect(await screen.findByText('.50000000')).toBeVisible();
    expect(
      await screen.findByText(/^\+0\.0(0000000|2777778) BTCP pending, credited every minute$/),
    ).toBeVisible();
  });

  it('shows nothing pending while no session runs', async () => {
    stubApi(
      {
        'GET /wallet': { body: { balance: '1' } },
        'GET /wallet/transactions': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
        'GET /mining/status': { body: { ...miningStatus(), session: null } },
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByText('.00000000')).toBeVisible();
    expect(screen.queryByText(/pending/)).toBeNull();
  });
});
