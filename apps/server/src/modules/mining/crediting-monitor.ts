import { performance } from 'node:perf_hooks';

/**
 * How this process's crediting job keeps to its schedule (docs/decisions/032): the job reports
 * each tick it completes, the metrics and the admin's System card read it.
 */
export interface CreditingMonitor {
  tickCompleted(rows: number): void;
  /**
   * Seconds the job is behind its schedule: 0 while a tick completes every interval, then the
   * time since the last one beyond that (a failing or overlong tick, a blocked event loop).
   */
  lagSeconds(): number;
  /** Rewards the last completed tick paid. */
  lastTickRows(): number;
}

export function createCreditingMonitor(tickMs: number): CreditingMonitor {
  // Until the first tick, the schedule counts from the start of the process.
  let lastCompleted = performance.now();
  let rows = 0;
  return {
    tickCompleted(paid) {
      lastCompleted = performance.now();
      rows = paid;
    },
    lagSeconds: () => Math.max(0, performance.now() - lastCompleted - tickMs) / 1000,
    lastTickRows: () => rows,
  };
}
