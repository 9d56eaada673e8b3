import { formatCoinAmount, fromUnits } from '@btcp/shared/decimal';
import { creditedEvery, type MiningSession } from '@btcp/shared/mining';
import { accruedUnits } from '@btcp/shared/mining-value';
import { useMiningStatus } from '../api/get-mining-status.ts';
import { useElapsedSeconds } from './use-elapsed-seconds.ts';
import { useMiningSnapshot } from './use-mining.ts';

/**
 * The time a session has been paid up to: rewards pay whole seconds from its start, so the paid
 * time ends `totalMiningSeconds` after it (the server's last reward time, mining/crediting.ts).
 */
const paidUntil = (session: MiningSession) =>
  new Date(Date.parse(session.startedAt) + session.totalMiningSeconds * 1000).toISOString();

/**
 * What the running session has earned since its last reward, ticking each second, and when it is
 * credited; null while no session runs. This tab's session when it mines, else the one running in
 * another browser. The sum is the server's own (decision 007), so the next reward adds exactly it.
 */
export function usePendingEarnings(): { amount: string; every: string } | null {
  const snapshot = useMiningSnapshot();
  const status = useMiningStatus();
  const session = snapshot.session ?? status.data?.session ?? null;
  const unpaidSeconds = useElapsedSeconds(session ? paidUntil(session) : null);
  if (!session) return null;
  return {
    amount: formatCoinAmount(fromUnits(accruedUnits(session, unpaidSeconds))),
    every: creditedEvery(session.rewardIntervalSeconds),
  };
}
