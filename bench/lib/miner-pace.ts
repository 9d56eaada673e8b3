import { MINING_PING_INTERVAL_MS } from '@btcp/shared/mining';

/**
 * How the miners scenario runs its fleet, which the scenarios that keep miners online beside what
 * they measure (notices, proofs, floods) run the same way: the server processes
 * (WEB_CONCURRENCY; one process may hold 20,000 open files here) and the pace miners arrive at.
 */
export const MINER_SERVER_PROCESSES = Number(process.env.BENCH_MINERS_SERVERS ?? 4);
/** New miners per second while they arrive; they press Stop at the same pace unless told otherwise. */
export const MINER_RAMP_PER_SECOND = Number(process.env.BENCH_MINERS_RAMP ?? 250);

/** The time `count` miners take to arrive, or to leave, at that pace. */
export const rampMs = (count: number) => (count / MINER_RAMP_PER_SECOND) * 1000;

/** The window `count` miners are spread over as they arrive: the ramp, never under 5 s. */
export const arrivalMs = (count: number) => Math.max(5000, rampMs(count));

/**
 * The arrival window rounded up to whole ping rounds, for a scenario that compares the pings of
 * one window with another's: arriving over 40 s, the miners of the first and last 10 s would ping
 * in the same third of each round, twice as many pings a second there as in the rest, and a
 * window's p99 would then hang on which third the measured work fell in. Spread over whole
 * rounds, every second carries as many pings, as for a fleet that has been online a while.
 */
export const evenArrivalMs = (count: number) =>
  Math.ceil(arrivalMs(count) / MINING_PING_INTERVAL_MS) * MINING_PING_INTERVAL_MS;
