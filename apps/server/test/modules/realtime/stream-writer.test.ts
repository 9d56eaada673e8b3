import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreamWriter } from '#server/modules/realtime/stream-writer.ts';

/** What a browser's event stream receives, with when (fake time, ms since the start). */
function recordingStream() {
  const received: { at: number; chunk: string }[] = [];
  const start = Date.now();
  return { received, write: (chunk: string) => received.push({ at: Date.now() - start, chunk }) };
}
const heartbeats = (received: { chunk: string }[]) =>
  received.filter(({ chunk }) => chunk.startsWith(': heartbeat')).length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an event stream', () => {
  it('left silent gets a heartbeat every 45 s', () => {
    const stream = recordingStream();
    const writer = eventStreamWriter(stream, 45_000);
    vi.advanceTimersByTime(140_000);
    expect(stream.received.map(({ at }) => at)).toEqual([45_000, 90_000, 135_000]);
    writer.stop();
  });

  it('that carries an event every minute needs one heartbeat between two, and is never silent for over 45 s', () => {
    const stream = recordingStream();
    const writer = eventStreamWriter(stream, 45_000);
    for (let minute = 0; minute < 10; minute++) {
      vi.advanceTimersByTime(20_000);
      writer.write('data: {}\n\n');
      vi.advanceTimersByTime(40_000);
    }
    // Events at 20 s, 80 s, … 560 s; a heartbeat 45 s after each but the last (605 s is past the end).
    expect(heartbeats(stream.received)).toBe(9);
    const times = [0, ...stream.received.map(({ at }) => at)];
    const longestSilence = Math.max(...times.slice(1).map((at, i) => at - (times[i] ?? 0)));
    expect(longestSilence).toBeLessThanOrEqual(45_000);
    writer.stop();
  });

  it('once stopped writes nothing more', () => {
    const stream = recordingStream();
    eventStreamWriter(stream, 45_000).stop();
    vi.advanceTimersByTime(120_000);
    expect(stream.received).toEqual([]);
  });

  it('never asks for a wait below zero when the clock moves on while it looks (Node warns, then fires at once)', () => {
    const stream = recordingStream();
    const writer = eventStreamWriter(stream, 45_000);
    vi.advanceTimersByTime(1);
    writer.write('data: {}\n\n');
    // At 45 s the check finds the stream silent 1 ms short of 45 s; on a busy process the clock
    // has moved on 2 ms by any later reading.
    vi.advanceTimersByTime(45_000 - 1 - 1);
    const fakeNow = Date.now.bind(Date);
    let readings = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => fakeNow() + 2 * readings++);
    const waits: number[] = [];
    const schedule = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return schedule(callback, ms);
    }) as typeof setTimeout);
    vi.advanceTimersByTime(1);
    vi.restoreAllMocks();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    writer.stop();
  });
});
