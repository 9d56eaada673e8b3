import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useMiningStatus } from '../api/get-mining-status.ts';
import { miningSessionStore } from '../lib/mining-session-store.ts';

/** STOPPED or MINING, plus the two states this tab can only watch. */
export type MiningState = 'checking' | 'elsewhere' | 'mining' | 'stopped';

/** This tab's miner as seen from any signed-in page, without the server status. */
export function useMiningSnapshot() {
  return useSyncExternalStore(miningSessionStore.subscribe, miningSessionStore.getSnapshot);
}

/** The miner, the server's view of it, and Start/Stop. */
export function useMining() {
  const queryClient = useQueryClient();
  const status = useMiningStatus();
  const snapshot = useMiningSnapshot();
  const serverSessionId = status.data?.session?.id ?? null;

  let state: MiningState;
  if (snapshot.session) state = 'mining';
  else if (status.isPending) state = 'checking';
  else if (serverSessionId) state = 'elsewhere';
  else state = 'stopped';

  return {
    ...snapshot,
    state,
    status,
    start: () => void miningSessionStore.start(queryClient),
    stop: () => void miningSessionStore.stop(queryClient),
    isBusy: snapshot.pending !== null,
  };
}
