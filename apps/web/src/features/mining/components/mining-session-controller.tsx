import { MINING_PING_INTERVAL_MS } from '@btcp/shared/mining';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMiningStatus } from '../api/get-mining-status.ts';
import { useMiningSnapshot } from '../hooks/use-mining.ts';
import { miningSessionStore } from '../lib/mining-session-store.ts';

/**
 * Drives this tab's miner for as long as someone is signed in: mounted once above the routes, so
 * moving between pages never stops it. It pings every 30 s, notices a session the server closed,
 * and ends the session with a beacon when the page goes away or the user signs out.
 */
export function MiningSessionController() {
  const queryClient = useQueryClient();
  const { session, pending } = useMiningSnapshot();
  const sessionId = session?.id ?? null;
  const status = useMiningStatus();

  useEffect(() => {
    if (!sessionId) return;
    const timer = window.setInterval(
      () => void miningSessionStore.ping(queryClient),
      MINING_PING_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [sessionId, queryClient]);

  useEffect(() => {
    if (!sessionId) return;
    const onPageHide = () => miningSessionStore.abandon();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [sessionId]);

  // Signed out (or another account signed in): whatever still runs ends here.
  useEffect(() => () => miningSessionStore.abandon(), []);

  const serverSessionId = status.data?.session?.id ?? null;
  const statusSettled = status.isSuccess && !status.isFetching;
  useEffect(() => {
    if (sessionId && statusSettled && serverSessionId !== sessionId && !pending) {
      miningSessionStore.closedByServer();
    }
  }, [sessionId, serverSessionId, statusSettled, pending]);

  return null;
}
