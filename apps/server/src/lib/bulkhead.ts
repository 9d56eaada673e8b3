import { ErrorCode } from '@btcp/shared';
import { AppError } from '#server/errors.ts';

/**
 * The kinds of request that cost a process much more than a page does, each behind a bulkhead of
 * its own (decision 058), so a flood of one kind waits for its own slots and leaves the rest of
 * the site (lists, sign-ins, the miners' pings) the cores they need.
 */
export const bulkheadKinds = {
  search: 'Search',
  uploads: 'Uploads',
  exports: 'Exports',
  proofsOfWork: 'Sign-up checks',
  adminSearch: 'Admin search',
} as const;
export type BulkheadKind = keyof typeof bulkheadKinds;

export interface BulkheadLimits {
  /** How many run at once in this process. */
  concurrent: number;
  /** How many may wait for a slot; past that, a request is refused at once. */
  queued: number;
  /** How long one may wait for a slot before it is refused. */
  waitMs: number;
}

interface Waiter {
  enter: () => void;
  timer: NodeJS.Timeout;
}

/** A refusal the client can act on: come back in a second, nothing was done. */
const busy = (kind: BulkheadKind) =>
  new AppError(
    503,
    ErrorCode.busy,
    `${bulkheadKinds[kind]} is busy, try again in a moment`,
    undefined,
    { 'retry-after': '1' },
  );

/**
 * A concurrency limit with a short, bounded queue. `run` starts the work when a slot is free,
 * waits up to `waitMs` in line when none is (first come, first served), and otherwise throws a
 * 503 with `Retry-After` before doing anything, so a refused request has written nothing.
 */
export class Bulkhead {
  #running = 0;
  readonly #waiting: Waiter[] = [];
  #refused = 0;

  constructor(
    readonly kind: BulkheadKind,
    readonly limits: BulkheadLimits,
  ) {}

  /** Work running now, requests waiting, and refusals so far (for the metrics). */
  figures() {
    return { running: this.#running, waiting: this.#waiting.length, refused: this.#refused };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await work();
    } finally {
      this.#leave();
    }
  }

  #enter(): Promise<void> {
    if (this.#running < this.limits.concurrent) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.limits.queued) return this.#refuse();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        enter: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          this.#refuse().catch(reject);
        }, this.limits.waitMs),
      };
      this.#waiting.push(waiter);
    });
  }

  #refuse(): Promise<never> {
    this.#refused += 1;
    return Promise.reject(busy(this.kind));
  }

  /** A finished run hands its slot to the first in line, or frees it. */
  #leave() {
    const next = this.#waiting.shift();
    if (next) next.enter();
    else this.#running -= 1;
  }
}

export type Bulkheads = Record<BulkheadKind, Bulkhead>;

/**
 * One bulkhead a kind, each `concurrent` from configuration, with a queue of `queued` behind it.
 * A request in the queue costs a timer until its slot or its 503; one refused at once comes back
 * at once, so a queue shorter than a flood's connections turns the rest into a loop of refusals
 * that takes the cores the bulkhead was to keep for the others.
 */
export function createBulkheads(
  concurrency: Record<BulkheadKind, number>,
  queue: { queued: number; waitMs: number },
): Bulkheads {
  const entries = Object.keys(bulkheadKinds).map((key) => {
    const kind = key as BulkheadKind;
    return [kind, new Bulkhead(kind, { concurrent: concurrency[kind], ...queue })] as const;
  });
  return Object.fromEntries(entries) as Bulkheads;
}

/** A staff list runs behind the admin-search bulkhead when it searches; paging alone does not. */
export const staffList = <T>(
  bulkheads: Bulkheads,
  query: { search?: string | undefined },
  list: () => Promise<T>,
) => (query.search ? bulkheads.adminSearch.run(list) : list());
