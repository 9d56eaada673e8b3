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
