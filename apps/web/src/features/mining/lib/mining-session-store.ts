import { addAmounts, formatCoinAmount } from '@btcp/shared/decimal';
import { type MiningSession, type MiningSettlement, miningMessages } from '@btcp/shared/mining';
import { COIN } from '@btcp/shared/product';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isPositiveAmount } from '../../../components/ui/coin-amount.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { sendMiningCleanup } from '../api/cleanup-mining-session.ts';
import { miningStatusQueryKey } from '../api/get-mining-status.ts';
import { pingMining } from '../api/ping-mining.ts';
import { startMining } from '../api/start-mining.ts';
import { stopMining } from '../api/stop-mining.ts';
import { formatRate } from './format.ts';

/** What the last session came to, shown after Stop instead of counters silently reset. */
export interface MiningSummary {
  seconds: number;
  mined: string;
}

export interface MiningSnapshot {
  /** The session this tab runs; null when it runs none. */
  session: MiningSession | null;
  /** Credited so far in this session, 8 decimals. */
  mined: string;
  pending: 'start' | 'stop' | null;
  summary: MiningSummary | null;
}

const idle: MiningSnapshot = { session: null, mined: '0.00000000', pending: null, summary: null };

function announceReward(settlement: MiningSettlement, hourlyRate: string): void {
  if (!isPositiveAmount(settlement.credited)) return;
  toast.success(miningMessages.rewardReceived, {
    description: `+${formatCoinAmount(settlement.credited)} ${COIN} at ${formatRate(hourlyRate)} ${COIN}/hour`,
  });
}

function startErrorToast(error: unknown): void {
  if (error instanceof ApiRequestError && error.code === 'MINING_ELSEWHERE') {
    toast.error(miningMessages.elsewhere, { description: miningMessages.elsewhereDescription });
  } else if (error instanceof ApiRequestError && error.code === 'MINING_PAUSED') {
    toast.error(miningMessages.paused);
  } else if (error instanceof ApiRequestError && error.code === 'ACCOUNT_BANNED') {
    toast.error(error.message);
  } else {
    toast.error(miningMessages.unableToStart);
  }
}

function secondsSince(startedAt: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(startedAt)) / 1000));
}

/**
 * This tab's miner, kept outside the page components so that it lives as long as the signed-in
 * app does, not as long as the dashboard: moving to the wallet or the community keeps it running
 * (one MiningSessionController drives its timers). The server times and pays everything (D1, D11);
 * the tab starts a session, pings it, stops it, or ends it with a beacon when the app goes away.
 */
class MiningSessionStore {
  private snapshot: MiningSnapshot = idle;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(next: Partial<MiningSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  private publishSession(queryClient: QueryClient, session: MiningSession | null): void {
    queryClient.setQueryData(miningStatusQueryKey, (old) => old && { ...old, session });
    void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
  }

  private finish(queryClient: QueryClient | null, lastCredit = '0'): void {
    const { session, mined } = this.snapshot;
    const summary = session
      ? { seconds: secondsSince(session.startedAt), mined: addAmounts(mined, lastCredit) }
      : this.snapshot.summary;
    this.update({ session: null, pending: null, mined: idle.mined, summary });
    if (queryClient) this.publishSession(queryClient, null);
  }

  async start(queryClient: QueryClient): Promise<void> {
    if (this.snapshot.pending || this.snapshot.session) return;
    this.update({ pending: 'start' });
    try {
      const session = await startMining();
      // A status request sent before the start must not overwrite the session it created.
      await queryClient.cancelQueries({ queryKey: miningStatusQueryKey });
      this.update({ session, pending: null, mined: idle.mined, summary: null });
      this.publishSession(queryClient, session);
    } catch (error) {
      this.update({ pending: null });
      startErrorToast(error);
      void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
    }
  }

  async stop(queryClient: QueryClient): Promise<void> {
    const { session } = this.snapshot;
    if (!session || this.snapshot.pending) return;
    this.update({ pending: 'stop' });
    try {
      const settlement = await stopMining({ sessionId: session.id });
      announceReward(settlement, session.hourlyRate);
      this.finish(queryClient, settlement.credited);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === 'NO_SESSION')) {
        toast.error(miningMessages.error, { description: (error as Error).message });
      }
      this.finish(queryClient);
    }
  }

  /** Spec §9: the 30-s ping keeps the session open and collects the rewards due. */
  async ping(queryClient: QueryClient): Promise<void> {
    const { session } = this.snapshot;
    if (!session) return;
    try {
      const settlement = await pingMining({ sessionId: session.id });
      if (this.snapshot.session?.id !== session.id) return;
      announceReward(settlement, session.hourlyRate);
      this.update({
        session: settlement.session ?? session,
        mined: addAmounts(this.snapshot.mined, settlement.credited),
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        this.finish(queryClient);
        toast.error(miningMessages.error, { description: error.message });
      }
      // Anything else is a blip; the next ping tries again, and 90 s of silence closes it (D11).
    }
  }

  /** The server no longer has this tab's session (stale, or ended elsewhere). */
  closedByServer(): void {
    if (this.snapshot.session && !this.snapshot.pending) this.finish(null);
  }

  /** Leaving the app (spec §4): a beacon ends the session, the one request a closing page still sends. */
  abandon(): void {
    const { session } = this.snapshot;
    if (session) sendMiningCleanup(session.id);
    this.snapshot = idle;
    for (const listener of this.listeners) listener();
  }
}

export const miningSessionStore = new MiningSessionStore();
