import { COIN } from './product.ts';
import { DecimalStringSchema } from './settings.ts';
import { z } from './zod.ts';

export const miningMessages = {
  elsewhere: 'Mining in progress elsewhere',
  elsewhereDescription: 'You are already mining in another browser or tab.',
  unableToStart: 'Unable to start mining. Please try again.',
  error: 'Mining Error',
  rewardReceived: 'Mining reward received!',
  paused: 'Mining is paused: no hourly rate is set. Try again later.',
  /** What the running session has earned and not yet been paid, beside the ledger's balance. */
  pending: (amount: string, every: string) => `+${amount} ${COIN} pending, credited ${every}`,
} as const;

/** The reward interval (an admin setting) as said: 'every minute', 'every 30 seconds', 'every 2 hours'. */
export function creditedEvery(seconds: number): string {
  for (const [size, unit] of [
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ] as const) {
    if (seconds < size || seconds % size !== 0) continue;
    const count = seconds / size;
    return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
  }
  return `every ${seconds} seconds`;
}

/** The four labels of the mining button. */
export const miningButtonLabels = {
  checking: 'Checking Status...',
  elsewhere: 'Mining In Another Browser',
  stop: 'Stop Mining',
  start: 'Start Mining',
} as const;

/** Pings every 30 s, simulated stats every 3 s (D11). */
export const MINING_PING_INTERVAL_MS = 30_000;
export const MINING_STATS_INTERVAL_MS = 3_000;
/** D11: no ping for this long and the server closes the session. */
export const MINING_STALE_AFTER_MS = 90_000;
/**
 * D11: the last ping vouches for this much time after it. Pings that come a little early or late
 * leave no hole: the time between two pings of an open session is covered (decision 014).
 */
export const MINING_PING_COVERS_MS = 30_000;

export const MiningSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  hourlyRate: DecimalStringSchema,
  rewardIntervalSeconds: z.number().int(),
  totalMiningSeconds: z.number().int(),
});
export type MiningSession = z.infer<typeof MiningSessionSchema>;

export const MiningStatusSchema = z.object({
  /** This user's open session, in whichever browser it runs. */
  session: MiningSessionSchema.nullable(),
  activeMiners: z.number().int(),
  hourlyRate: DecimalStringSchema,
  phaseName: z.string(),
  rewardIntervalSeconds: z.number().int(),
});
export type MiningStatus = z.infer<typeof MiningStatusSchema>;

export const SessionIdBodySchema = z.object({ sessionId: z.uuid() });
export type SessionIdBody = z.infer<typeof SessionIdBodySchema>;

/** What Stop (and the unload beacon) paid: the covered rest of the session, pro rata. */
export const MiningSettlementSchema = z.object({
  /** What this call credited, 8 decimals; '0.00000000' when nothing was due. */
  credited: DecimalStringSchema,
  balance: DecimalStringSchema,
  session: MiningSessionSchema.nullable(),
});
export type MiningSettlement = z.infer<typeof MiningSettlementSchema>;
