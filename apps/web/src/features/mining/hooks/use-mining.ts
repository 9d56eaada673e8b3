import {
  MINING_PING_INTERVAL_MS,
  type MiningSession,
  type MiningSettlement,
  miningMessages,
} from '@btcp/shared/mining';
import { COIN } from '@btcp/shared/product';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatCoinAmount, isPositiveAmount } from '../../../components/ui/coin-amount.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { sendMiningCleanup } from '../api/cleanup-mining-session.ts';
import { miningStatusQueryKey, useMiningStatus } from '../api/get-mining-status.ts';
import { pingMining } from '../api/ping-mining.ts';
import { startMining } from '../api/start-mining.ts';
import { stopMining } from '../api/stop-mining.ts';
import { formatRate } from '../lib/format.ts';

/** Spec §4: STOPPED or MINING, plus the two states this tab can only watch. */
export type MiningState = 'checking' | 'elsewhere' | 'mining' | 'stopped';

function announceReward(settlement: MiningSettlement, hourlyRate: string): void {
  if (!isPositiveAmount(settlement.credited)) return;
  toast.success(miningMessages.rewardReceived, {
    description: `+${formatCoinAmount(settlement.credited)} ${COIN} at ${formatRate(hourlyRate)} ${COIN}/hour`,
  });
}

function startErrorToast(error: Error): void {
  if (error instanceof ApiRequestError && error.code === 'MINING_ELSEWHERE') {
    toast.error(miningMessages.elsewhere, { description: miningMessages.elsewhereDescription });
  } else if (error instanceof ApiRequestError && error.code === 'ACCOUNT_BANNED') {
    toast.error(error.message);
  } else {
    toast.error(miningMessages.unableToStart);
  }
}

/**
 * This tab's miner. The server times and pays everything (D1, D11); the tab starts a session, pings
 * it every 30 s, stops it, and ends it with a beacon when the page goes away (spec §4). A session
 * this tab did not start (another tab or browser) shows as 'elsewhere'.
 */
export function useMining() {
  const queryClient = useQueryClient();
  const status = useMiningStatus();
  const [session, setSession] = useState<MiningSession | null>(null);
  const sessionId = session?.id ?? null;
  const sessionIdRef = useRef<string | null>(null);

  useEffect(() => {
    sessionIdRef.current = sessionId;
  }, [sessionId]);

  const setStatusSession = useCallback(
    (next: MiningSession | null) => {
      queryClient.setQueryData(miningStatusQueryKey, (old) => old && { ...old, session: next });
      void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
    },
    [queryClient],
  );

  const endLocally = useCallback(() => {
    setSession(null);
    setStatusSession(null);
  }, [setStatusSession]);

  const start = useMutation({
    mutationFn: startMining,
    onSuccess: async (started) => {
      // A status request sent before the start must not overwrite the session it created.
      await queryClient.cancelQueries({ queryKey: miningStatusQueryKey });
      setSession(started);
      setStatusSession(started);
    },
    onError: (error) => {
      startErrorToast(error);
      void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
    },
  });

  const stop = useMutation({
    mutationFn: (id: string) => stopMining({ sessionId: id }),
    onSuccess: (settlement, _id) => {
      if (session) announceReward(settlement, session.hourlyRate);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'NO_SESSION') return;
      toast.error(miningMessages.error, { description: error.message });
    },
    onSettled: endLocally,
  });

  // Spec §9: a ping every 30 s keeps the session open and collects the rewards due.
  useEffect(() => {
    if (!sessionId) return;
    const timer = window.setInterval(async () => {
      try {
        const settlement = await pingMining({ sessionId });
        if (settlement.session) {
          announceReward(settlement, settlement.session.hourlyRate);
          setSession(settlement.session);
        }
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) {
          window.clearInterval(timer);
          endLocally();
          toast.error(miningMessages.error, { description: error.message });
        }
        // Anything else is a blip; the next ping tries again, and 90 s of silence closes it (D11).
      }
    }, MINING_PING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sessionId, endLocally]);

  // Spec §4: leaving the page ends the session.
  useEffect(() => {
    if (!sessionId) return;
    const onPageHide = () => {
      sendMiningCleanup(sessionId);
      setSession(null);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [sessionId]);

  // Leaving the dashboard inside the app ends it too.
  useEffect(
    () => () => {
      if (sessionIdRef.current) sendMiningCleanup(sessionIdRef.current);
    },
    [],
  );

  // The server closed this tab's session (stale, or ended by the server): show it as stopped.
  const serverSessionId = status.data?.session?.id ?? null;
  const statusSettled = status.isSuccess && !status.isFetching;
  useEffect(() => {
    if (sessionId && statusSettled && serverSessionId !== sessionId && !stop.isPending) {
      setSession(null);
    }
  }, [sessionId, serverSessionId, statusSettled, stop.isPending]);

  let state: MiningState;
  if (sessionId) state = 'mining';
  else if (status.isPending) state = 'checking';
  else if (serverSessionId) state = 'elsewhere';
  else state = 'stopped';

  return {
    state,
    status,
    session,
    start: () => start.mutate(),
    stop: () => {
      if (sessionId) stop.mutate(sessionId);
    },
    isBusy: start.isPending || stop.isPending,
  };
}
