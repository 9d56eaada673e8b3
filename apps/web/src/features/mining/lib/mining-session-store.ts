import { addAmounts, formatCoinAmount } from '@btcp/shared/decimal';
import { ErrorCode } from '@btcp/shared/error-codes';
import { type MiningSession, miningMessages } from '@btcp/shared/mining';
import { COIN } from '@btcp/shared/product';
import type { QueryClient } from '@tanstack/react-query';
import { isPositiveAmount } from '#web/components/ui/coin-amount.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
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

function announceReward(credited: string, hourlyRate: string): void {
  if (!isPositiveAmount(credited)) return;
  toast.success(miningMessages.rewardReceived, {
    description: `+${formatCoinAmount(credited)} ${COIN} at ${formatRate(hourlyRate)} ${COIN}/hour`,
  });
}

/** A reward the server's crediting job paid, as the event stream brings it (decision 014). */
export interface MiningReward {
  sessionId: string;
  totalMiningSeconds: number;
  transaction: { amount: string };
}

function startErrorToast(error: unknown): void {
  if (error instanceof ApiRequestError && error.code === ErrorCode.miningElsewhere) {
    toast.error(miningMessages.elsewhere, { description: miningMessages.elsewhereDescription });
  } else if (error instanceof ApiRequestError && error.code === ErrorCode.miningPaused) {
    toast.error(miningMessages.paused);
  } else if (error instanceof ApiRequestError && error.code === ErrorCode.accountBanned) {
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
      announceReward(settlement.credited, session.hourlyRate);
      this.finish(queryClient, settlement.credited);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === ErrorCode.noSession)) {
        toast.error(miningMessages.error, { description: (error as Error).message });
      }
      this.finish(queryClient);
    }
  }

  /**
   * The 30-s ping keeps the session open; the server pays each reward interval on its
   * own and the event stream brings it (`rewarded`).
   */
  async ping(queryClient: QueryClient): Promise<void> {
    const { session } = this.snapshot;
    if (!session) return;
    try {
      await pingMining({ sessionId: session.id });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        this.finish(queryClient);
        toast.error(miningMessages.error, { description: error.message });
      }
      // Anything else is a blip; the next ping tries again, and 90 s of silence closes it (D11).
    }
  }

  /** A reward paid to this tab's session: counted as mined this session, and announced. */
  rewarded(reward: MiningReward): void {
    const { session } = this.snapshot;
    if (!session || session.id !== reward.sessionId) return;
    announceReward(reward.transaction.amount, session.hourlyRate);
    this.update({
      session: { ...session, totalMiningSeconds: reward.totalMiningSeconds },
      mined: addAmounts(this.snapshot.mined, reward.transaction.amount),
    });
  }

  /** The server no longer has this tab's session (stale, or ended elsewhere). */
  closedByServer(): void {
    if (this.snapshot.session && !this.snapshot.pending) this.finish(null);
  }

  /** Leaving the app: a beacon ends the session, the one request a closing page still sends. */
  abandon(): void {
    const { session } = this.snapshot;
    if (session) sendMiningCleanup(session.id);
    this.snapshot = idle;
    for (const listener of this.listeners) listener();
  }
}

export const miningSessionStore = new MiningSessionStore();
