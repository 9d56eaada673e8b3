import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PROBE_MESSAGE, watchBusy } from '#server/ops/rolling-restart.ts';

/** A stand-in for a cluster worker whose event loop answers a probe after `lateMs`. */
function workerAnsweringAfter(lateness: { ms: number }) {
  const worker = new EventEmitter() as EventEmitter & Worker;
  Object.assign(worker, {
    isConnected: () => true,
    isDead: () => false,
    send(message: unknown) {
      if (message === PROBE_MESSAGE) {
        setTimeout(() => worker.emit('message', PROBE_MESSAGE), lateness.ms);
      }
      return true;
    },
  });
  return worker;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In a rolling restart the primary probes the new processes: one that answers late is busy, and
 * the old ones then hold their streams back (decision 043).
 */
describe('watching the new processes of a roll', () => {
  it('says busy when one answers late, and not busy once every one answers promptly', async () => {
    const prompt = { ms: 1 };
    const slow = { ms: 1 };
    const changes: boolean[] = [];
    const stop = watchBusy([workerAnsweringAfter(prompt), workerAnsweringAfter(slow)], (busy) =>
      changes.push(busy),
    );
    try {
      await pause(400);
      expect(changes).toEqual([]);
      slow.ms = 400;
      await expect.poll(() => changes, { timeout: 2000 }).toEqual([true]);
      slow.ms = 1;
      await expect.poll(() => changes, { timeout: 2000 }).toEqual([true, false]);
    } finally {
      stop();
    }
  });

  it('stops probing once stopped', async () => {
    const worker = workerAnsweringAfter({ ms: 1 });
    let probes = 0;
    const send = worker.send.bind(worker);
    worker.send = ((message: unknown) => {
      probes++;
      return send(message as string);
    }) as Worker['send'];
    const stop = watchBusy([worker], () => {});
    await pause(350);
    stop();
    const sent = probes;
    expect(sent).toBeGreaterThan(1);
    await pause(300);
    expect(probes).toBe(sent);
    expect(worker.listenerCount('message')).toBe(0);
  });
});
