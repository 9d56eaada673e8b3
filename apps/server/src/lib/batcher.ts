interface Pending<I, O> {
  item: I;
  settle: (result: O) => void;
  fail: (error: unknown) => void;
}

export interface BatcherOptions<I, O> {
  /** The most items one run takes; more wait for the next. */
  maxBatch: number;
  /** Items that may wait; past it `full()` is thrown at the caller at once. */
  maxWaiting?: number;
  full?: () => Error;
  /** Does the work of many items at once; answers each, in the order given. */
  run: (batch: I[]) => Promise<O[]>;
  /**
   * How long the first item after a quiet spell waits for others to share its run (group commit,
   * decision 039). Items that arrive while a run is under way never wait longer than that run.
   */
  lingerMs?: number;
}

/**
 * Items that arrive while a run is under way share the next run (decision 014's pings, 030's
 * Starts and Stops): a quiet server runs each at once (or after `lingerMs`), a busy one fewer,
 * larger runs, one at a time, so the work holds one database connection however many wait. The
 * queue is bounded.
 */
export function createBatcher<I, O>(options: BatcherOptions<I, O>): (item: I) => Promise<O> {
  let queue: Pending<I, O>[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    if (options.lingerMs) await new Promise((resolve) => setTimeout(resolve, options.lingerMs));
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await options.run(batch.map((pending) => pending.item));
        for (const [i, pending] of batch.entries()) pending.settle(results[i] as O);
      } catch (error) {
        for (const pending of batch) pending.fail(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<O>((settle, fail) => {
      if (options.maxWaiting !== undefined && queue.length >= options.maxWaiting) {
        fail(options.full?.() ?? new Error('queue full'));
        return;
      }
      queue.push({ item, settle, fail });
      if (!running) void drain();
    });
}

/**
 * One `create(handle)` per database handle, made at its first use: the batchers of a kind are
 * one per process and database, and a test's own database gets its own.
 */
export function onePer<K extends object, T>(create: (handle: K) => T): (handle: K) => T {
  const made = new WeakMap<K, T>();
  return (handle) => {
    let value = made.get(handle);
    if (value === undefined) {
      value = create(handle);
      made.set(handle, value);
    }
    return value;
  };
}
