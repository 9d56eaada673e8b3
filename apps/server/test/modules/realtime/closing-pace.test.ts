import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Stream } from '#server/modules/realtime/hub.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

const WINDOW_MS = 600;
const STREAMS = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * STREAMS streams subscribed to the app's hub; whose stream was ended, and when, in order. A
 * releasable one can be handed over; the others can only be ended, at their moment.
 */
function subscribeStreams(t: TestApp, prefix: string, releasable: boolean) {
  const ended: { user: string; at: number }[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const userId = `${prefix}-${i}`;
    const stream: Stream = {
      userId,
      sessionHash: userId,
      send: () => {},
      end: () => {
        ended.push({ user: userId, at: Date.now() });
        unsubscribe();
      },
    };
    if (releasable) {
      stream.release = () => {
        unsubscribe();
        return { userId, sessionHash: userId, socket: new Socket(), chunked: true };
      };
    }
    const unsubscribe = t.app.realtime.subscribe(stream);
  }
  return ended;
}

/**
 * A process a rolling restart retires lets its streams go over its window. While the new
 * processes are busy (the hub is held), that window stands still, up to three times its length
 * in all, so reconnections wait instead of queueing in front of the pings (decision 043).
 */
describe('a closing process held back by busy new processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EVENTS_RECONNECT_WINDOW_MS: String(WINDOW_MS) } });
  });
  afterAll(() => t.close());

  /** Streams that nobody can take over: each is ended at its moment. */
  const streams = (prefix: string) => subscribeStreams(t, prefix, false);

  it('ends no stream past a third of its window while held, and the rest once let go', async () => {
    const hub = t.app.realtime;
    const ended = streams('held');
    let gone = 0;
    hub.onStreamsGone = () => gone++;
    hub.handOver = async () => false;
    hub.held = true;
    const startedAt = Date.now();
    const closing = hub.closeAll();
    await pause(WINDOW_MS + 100);
    // Held, the streams' clock runs at a third of real time: past the window, most are still here.
    expect(ended.length).toBeLessThan(STREAMS);
    expect(gone).toBe(0);
    hub.held = false;
    await closing;
    expect(ended).toHaveLength(STREAMS);
    expect(gone).toBe(1);
    // Let go, the rest follow within what was left of the window.
    expect(Math.max(...ended.map(({ at }) => at)) - startedAt).toBeLessThan(2 * WINDOW_MS + 300);
    expect(hub.connections()).toBe(0);
  });

  it('lets every stream go within three windows however long it is held', async () => {
    const hub = t.app.realtime;
    const ended = streams('stuck');
    hub.handOver = async () => false;
    hub.held = true;
    const startedAt = Date.now();
    await hub.closeAll();
    expect(ended).toHaveLength(STREAMS);
    expect(Date.now() - startedAt).toBeLessThan(3 * WINDOW_MS + 300);
    hub.held = false;
  });

  it('is not held back when nobody holds it', async () => {
    const hub = t.app.realtime;
    const ended = streams('free');
    hub.handOver = async () => false;
    const startedAt = Date.now();
    await hub.closeAll();
    expect(ended).toHaveLength(STREAMS);
    expect(Date.now() - startedAt).toBeLessThan(WINDOW_MS + 300);
  });
});

/**
 * Every old process of a rolling restart hands its streams over as soon as it stops accepting,
 * not only at its turn to close: one process at a time moved too few for most streams to be
 * handed over (decision 044).
 */
describe('an old process that stopped accepting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EVENTS_RECONNECT_WINDOW_MS: String(WINDOW_MS) } });
  });
  afterAll(() => t.close());

  const releasable = (prefix: string) => subscribeStreams(t, prefix, true);

  it('hands its streams over before it is asked to close, each once', async () => {
    const hub = t.app.realtime;
    const ended = releasable('early');
    const handed: string[] = [];
    hub.startHandOver(async ({ userId }) => {
      handed.push(userId);
      return true;
    });
    await vi.waitFor(() => expect(handed).toHaveLength(STREAMS));
    expect(hub.connections()).toBe(0);
    let gone = 0;
    hub.onStreamsGone = () => gone++;
    const startedAt = Date.now();
    await hub.closeAll();
    // Nothing was left to let go over the window.
    expect(Date.now() - startedAt).toBeLessThan(WINDOW_MS / 2);
    expect(gone).toBe(1);
    expect(new Set(handed).size).toBe(STREAMS);
    expect(ended).toEqual([]);
  });

  it('hands nothing over while the new processes are busy, and goes on once they are not', async () => {
    const hub = t.app.realtime;
    releasable('busy');
    const handed: string[] = [];
    hub.held = true;
    hub.startHandOver(async ({ userId }) => {
      handed.push(userId);
      return true;
    });
    await pause(300);
    expect(handed).toEqual([]);
    hub.held = false;
    await vi.waitFor(() => expect(handed).toHaveLength(STREAMS));
    await hub.closeAll();
  });

  it('stops when it is asked to close, and lets the rest go from there, none twice', async () => {
    const hub = t.app.realtime;
    const ended = releasable('late');
    const handed: string[] = [];
    hub.startHandOver(async ({ userId }) => {
      handed.push(userId);
      await pause(10);
      return true;
    });
    await vi.waitFor(() => expect(handed.length).toBeGreaterThanOrEqual(3));
    await hub.closeAll();
    expect(hub.connections()).toBe(0);
    // Each stream was handed over or ended at its moment in the window: once, never both.
    expect(new Set([...handed, ...ended.map(({ user }) => user)]).size).toBe(STREAMS);
    expect(handed.length + ended.length).toBe(STREAMS);
  });
});
