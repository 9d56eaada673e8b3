import { describe, expect, it, vi } from 'vitest';
import { createBatcher } from '#server/lib/batcher.ts';

/** A promise a run waits on, and what lets it go on. */
function gate() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

describe('createBatcher (decision 030)', () => {
  it('runs the first item at once and those that arrive meanwhile together, answering each', async () => {
    const runs: number[][] = [];
    const { held, release } = gate();
    const double = createBatcher<number, number>({
      maxBatch: 3,
      async run(batch) {
        runs.push(batch);
        if (runs.length === 1) await held;
        return batch.map((n) => n * 2);
      },
    });
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map(double));
    release();
    expect(await answers).toEqual([2, 4, 6, 8, 10, 12]);
    // One at once; the five that waited in runs of at most three.
    expect(runs).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('with a linger, lets the items of a quiet spell gather before the first run, and never waits while busy', async () => {
    vi.useFakeTimers();
    try {
      const runs: number[][] = [];
      const { held, release } = gate();
      const echo = createBatcher<number, number>({
        maxBatch: 10,
        lingerMs: 20,
        async run(batch) {
          runs.push(batch);
          if (runs.length === 1) await held;
          return batch;
        },
      });
      const first = [echo(1)];
      await vi.advanceTimersByTimeAsync(5);
      // Within the linger: they join the first run instead of waiting for a run of their own.
      first.push(echo(2), echo(3));
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(15);
      expect(runs).toEqual([[1, 2, 3]]);
      // Arriving while that run is under way: they run as soon as it ends. No timer moves from
      // here on, so a second linger would never end.
      const next = [echo(4), echo(5)];
      release();
      expect(await Promise.all([...first, ...next])).toEqual([1, 2, 3, 4, 5]);
      expect(runs).toEqual([
        [1, 2, 3],
        [4, 5],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses at once past the items it may keep waiting, and fails a run’s items together', async () => {
    const { held, release } = gate();
    const work = createBatcher<number, number>({
      maxBatch: 10,
      maxWaiting: 2,
      full: () => new Error('busy'),
      async run(batch) {
        await held;
        if (batch.includes(3)) throw new Error('broken');
        return batch;
      },
    });
    const first = work(1);
    const waiting = [work(2), work(3)];
    await expect(work(4)).rejects.toThrow('busy');
    release();
    expect(await first).toBe(1);
    for (const result of await Promise.allSettled(waiting)) {
      expect(result).toMatchObject({ status: 'rejected', reason: new Error('broken') });
    }
  });
});
