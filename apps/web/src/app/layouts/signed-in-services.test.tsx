import type { MiningSession, MiningStatus } from '@btcp/shared/mining';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiningPanel } from '#web/features/mining/components/mining-panel.tsx';
import { MiningSessionController } from '#web/features/mining/components/mining-session-controller.tsx';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiRoutes, apiError, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import SignedInServices from './signed-in-services.tsx';

/**
 * The mining panel as the app has it: the signed-in services (the event stream and the controller)
 * above the routes.
 */
function Miner({ banned = false, balance }: { banned?: boolean; balance?: string }) {
  return (
    <>
      <SignedInServices />
      <MiningPanel banned={banned} balance={balance} />
    </>
  );
}

const session: MiningSession = {
  id: '6f1c2f4e-8d7a-4c39-9b1e-2a5d3c4b5a60',
  startedAt: new Date().toISOString(),
  hourlyRate: '100.00000000',
  rewardIntervalSeconds: 60,
  totalMiningSeconds: 0,
};

const status = (overrides: Partial<MiningStatus> = {}): MiningStatus => ({
  session: null,
  activeMiners: 3,
  hourlyRate: '100.00000000',
  phaseName: 'Early Phase',
  rewardIntervalSeconds: 60,
  ...overrides,
});

/**
 * The mining endpoints as the server keeps them: status reports the session that start opened
 * until stop (or the test) closes it.
 */
function miningRoutes(extra: ApiRoutes = {}) {
  let open: MiningSession | null = null;
  const close = () => {
    open = null;
  };
  const routes: ApiRoutes = {
    'GET /mining/status': () => ({ body: status({ session: open }) }),
    'POST /mining/start': () => {
      open = session;
      return { status: 201, body: session };
    },
    'POST /mining/stop': () => {
      close();
      return { body: { credited: '0.50000000', balance: '0.5', session: null } };
    },
    ...extra,
  };
  return { routes, close };
}

/** What the server's crediting job sends on the event stream for one paid interval. */
const reward = (amount: string, totalMiningSeconds: number, sessionId = session.id) => ({
  type: 'ledger',
  balance: amount,
  mining: { sessionId, totalMiningSeconds },
  transaction: {
    id: `tx-${totalMiningSeconds}`,
    amount,
    type: 'MINING',
    description: 'Mining reward: 60 s at 100 BTCP/hour',
    createdAt: new Date().toISOString(),
  },
});

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function stubBeacon() {
  const sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  return sendBeacon;
}

/** The app moving to a page without the panel (the wallet) and back. */
function Navigating() {
  const [onDashboard, setOnDashboard] = useState(true);
  return (
    <>
      <MiningSessionController />
      <button type="button" onClick={() => setOnDashboard(!onDashboard)}>
        Navigate
      </button>
      {onDashboard ? <MiningPanel banned={false} /> : <p>Wallet page</p>}
    </>
  );
}

describe('mining panel', () => {
  let events: ReturnType<typeof stubEventSource>;
  beforeEach(() => {
    events = stubEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('says it is checking until the status arrives, then offers to start', async () => {
    stubApi({ 'GET /mining/status': { body: status() } });
    renderWithToasts(<Miner />);
    expect(screen.getByRole('button', { name: 'Checking Status...' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Start Mining' })).toBeEnabled();
    expect(screen.getByText('100 BTCP/hour')).toBeVisible();
    expect(screen.getByText('Early Phase')).toBeVisible();
    expect(screen.getByText('Active miners').nextSibling).toHaveTextContent('3');
  });

  it('shows a session that another tab started as mining elsewhere, disabled', async () => {
    stubApi({ 'GET /mining/status': { body: status({ session }) } });
    renderWithToasts(<Miner />);
    expect(await screen.findByRole('button', { name: 'Mining In Another Browser' })).toBeDisabled();
  });

  it('starts mining with a POST and then offers to stop', async () => {
    const user = userEvent.setup();
    const api = stubApi(miningRoutes().routes);
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    expect(await screen.findByRole('button', { name: 'Stop Mining' })).toBeEnabled();
    expect(api.sent('POST /mining/start')).toHaveLength(1);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Mining');
  });

  it('says mining is in progress elsewhere when the server answers 409', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /mining/status': { body: status() },
      'POST /mining/start': apiError(409, 'MINING_ELSEWHERE', 'Already mining'),
    });
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    expect(await screen.findByText('Mining in progress elsewhere')).toBeVisible();
    expect(screen.getByText('You are already mining in another browser or tab.')).toBeVisible();
  });

  it('says mining is paused when the server has no rate to pay', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /mining/status': { body: status() },
      'POST /mining/start': apiError(409, 'MINING_PAUSED', 'Paused'),
    });
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    expect(
      await screen.findByText('Mining is paused: no hourly rate is set. Try again later.'),
    ).toBeVisible();
  });

  it('shows a generic message when starting fails otherwise', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /mining/status': { body: status() },
      'POST /mining/start': apiError(500, 'INTERNAL_ERROR', 'Boom'),
    });
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    expect(await screen.findByText('Unable to start mining. Please try again.')).toBeVisible();
  });

  it('pings every 30 s with the session id and announces a reward the stream brings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = stubApi(
      miningRoutes({ 'POST /mining/ping': () => ({ status: 204, body: null }) }).routes,
    );
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.sent('POST /mining/ping')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.sent('POST /mining/ping')).toEqual([{ sessionId: session.id }]);
    expect(screen.queryByText('Mining reward received!')).not.toBeInTheDocument();

    // Another session's reward (an earlier one, still arriving) is not this session's.
    events.latest().send(reward('9.00000000', 60, 'an-older-session'));
    expect(screen.queryByText('Mining reward received!')).not.toBeInTheDocument();
    events.latest().send(reward('1.66666667', 60));
    expect(await screen.findByText('Mining reward received!')).toBeVisible();
    expect(screen.getByText('+1.66666667 BTCP at 100 BTCP/hour')).toBeVisible();
  });

  it('takes a change of balance that paid no session (an admin’s, a referral) as no mining reward', async () => {
    const user = userEvent.setup();
    stubApi(miningRoutes().routes);
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    // The one event shape of every change of a balance, here without a session (decision 020).
    events.latest().send({ ...reward('5.00000000', 60), mining: null });
    events.latest().send(reward('1.66666667', 60));
    expect(await screen.findByText('+1.66666667 BTCP at 100 BTCP/hour')).toBeVisible();
    expect(screen.queryByText('+5.00000000 BTCP at 100 BTCP/hour')).not.toBeInTheDocument();
  });

  it('goes back to stopped when the server has closed the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = miningRoutes({
      'POST /mining/ping': () => {
        server.close();
        return apiError(404, 'NO_SESSION', 'Your mining session has ended.');
      },
    });
    stubApi(server.routes);
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Mining Error')).toBeVisible();
    expect(screen.getByText('Your mining session has ended.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Start Mining' })).toBeEnabled();
  });

  it('stops with the session id and announces what the stop credited', async () => {
    const user = userEvent.setup();
    const api = stubApi(miningRoutes().routes);
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await user.click(await screen.findByRole('button', { name: 'Stop Mining' }));
    expect(await screen.findByRole('button', { name: 'Start Mining' })).toBeEnabled();
    expect(api.sent('POST /mining/stop')).toEqual([{ sessionId: session.id }]);
    expect(await screen.findByText('+0.50000000 BTCP at 100 BTCP/hour')).toBeVisible();
  });

  it('keeps mining when the page showing the panel goes away', async () => {
    const user = userEvent.setup();
    const sendBeacon = stubBeacon();
    const api = stubApi(miningRoutes().routes);
    renderWithToasts(<Navigating />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    await user.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(await screen.findByText('Wallet page')).toBeVisible();
    expect(sendBeacon).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(api.sent('POST /mining/start')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Stop Mining' })).toBeEnabled();
  });

  it('adds up what this session earned, beside the wallet balance, and sums it up after Stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi(miningRoutes({ 'POST /mining/ping': () => ({ status: 204, body: null }) }).routes);
    renderWithToasts(<Miner balance="12.5" />);
    expect(screen.getByText('Wallet balance').nextSibling).toHaveTextContent('12.50000000 BTCP');
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    events.latest().send(reward('0.25000000', 60));
    events.latest().send(reward('0.25000000', 120));
    expect(screen.getByText('Mined this session').nextSibling).toHaveTextContent('0.50000000 BTCP');
    await user.click(screen.getByRole('button', { name: 'Stop Mining' }));
    const summary = (await screen.findByText('Last session')).parentElement;
    expect(summary).toHaveTextContent('1.00000000 BTCP');
    expect(summary).toHaveTextContent(/Mined for 00:01:0\d/);
  });

  it('ends the session with a beacon when the page is left', async () => {
    const user = userEvent.setup();
    const sendBeacon = stubBeacon();
    stubApi(miningRoutes().routes);
    const { unmount } = renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    unmount();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith('/api/cleanup-mining-session', expect.any(Blob));
    const body = (sendBeacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(JSON.parse(await readBlob(body))).toEqual({ sessionId: session.id });
  });

  it('sends the beacon on pagehide', async () => {
    const user = userEvent.setup();
    const sendBeacon = stubBeacon();
    stubApi(miningRoutes().routes);
    renderWithToasts(<Miner />);
    await user.click(await screen.findByRole('button', { name: 'Start Mining' }));
    await screen.findByRole('button', { name: 'Stop Mining' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('keeps a banned user from starting and says why', async () => {
    stubApi({ 'GET /mining/status': { body: status() } });
    renderWithToasts(<Miner banned />);
    const button = await screen.findByRole('button', { name: 'Start Mining' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/banned/);
  });
});
