import { describe, expect, it } from 'vitest';
import { createBatcher } from '#server/lib/batcher.ts';

describe('createBatcher (decision 030)', () => {
  it('runs the first item at once and those that arrive meanwhile together, answering each', async () => {
    const runs: number[][] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
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

  it('refuses at once past the items it may keep waiting, and fails a run’s items together', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
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
