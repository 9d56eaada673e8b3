import { MINING_STATS_INTERVAL_MS } from '@btcp/shared/mining';
import { useEffect, useState } from 'react';

export interface SimulatedStats {
  /** MH/s */
  hashrate: number;
  sharesTotal: number;
  sharesAccepted: number;
}

const idle: SimulatedStats = { hashrate: 0, sharesTotal: 0, sharesAccepted: 0 };

/** Hashrate 0.5 to 2.5 MH/s and 0 to 2 new shares a tick; nearly all of them accepted. */
function nextStats(previous: SimulatedStats): SimulatedStats {
  const newShares = Math.floor(Math.random() * 3);
  let accepted = 0;
  for (let share = 0; share < newShares; share += 1) {
    if (Math.random() < 0.97) accepted += 1;
  }
  return {
    hashrate: 0.5 + Math.random() * 2,
    sharesTotal: previous.sharesTotal + newShares,
    sharesAccepted: previous.sharesAccepted + accepted,
  };
}

/**
 * The miner's hashrate and shares, simulated as the product shows them (D11 keeps them display values): they
 * earn nothing and the server never sees them. They start afresh with each session.
 */
export function useSimulatedStats(sessionId: string | null): SimulatedStats {
  const [stats, setStats] = useState<SimulatedStats>(idle);
  useEffect(() => {
    if (!sessionId) {
      setStats(idle);
      return;
    }
    setStats(nextStats(idle));
    const timer = window.setInterval(() => setStats(nextStats), MINING_STATS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sessionId]);
  return stats;
}
