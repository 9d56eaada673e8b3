import { randomInt } from 'node:crypto';
import type { HandOver, RealtimeHub, Stream } from './hub.ts';
import { endReleased } from './wire.ts';

/** How often a closing process looks for streams whose moment has come. */
const DUE_CHECK_MS = 50;
/** How many times its window a closing process's streams may be held back in all (decision 043). */
export const CLOSE_STRETCH_MAX = 3;

/**
 * The time a closing process's streams' moments are read against: it passes only while the hub is
 * not held, and never runs slower than 1/CLOSE_STRETCH_MAX of real time, so the process still
 * lets every stream go within CLOSE_STRETCH_MAX windows.
 */
function pacedClock(hub: RealtimeHub) {
  const startedAt = Date.now();
  let paced = 0;
  let last = startedAt;
  return () => {
    const now = Date.now();
    if (!hub.held) paced += now - last;
    last = now;
    return Math.max(paced, (now - startedAt) / CLOSE_STRETCH_MAX);
  };
}

/** Whether the stream is still open in this process: one may end while others are handed over. */
function isLive(byUser: ReadonlyMap<string, ReadonlySet<Stream>>, stream: Stream) {
  return byUser.get(stream.userId)?.has(stream) === true;
}

/**
 * Releases a stream and hands it over; one the other side did not take is ended, told to come
 * back after `retryMs`. A stream with bytes still to be written cannot be released: it stays here.
 */
async function handOverOne(handOver: HandOver, stream: Stream, retryMs: () => number) {
  const released = stream.release?.();
  if (!released) return;
  if (!(await handOver(released).catch(() => false))) endReleased(released, retryMs());
}

/**
 * startHandOver: hands the streams over before the process's turn to close (decision 044). Every
 * old process does so at once, each over its own channel to the primary: one old process at a
 * time moved only a few hundred a second, so most streams reconnected instead. Returns what stops
 * it, resolving once no handover is in flight.
 */
function handOverEarly(
  hub: RealtimeHub,
  byUser: ReadonlyMap<string, ReadonlySet<Stream>>,
  windowMs: number,
) {
  let stopped = false;
  const streams = [...byUser.values()].flatMap((set) => [...set]);
  const done = (async () => {
    for (const stream of streams) {
      // Busy new processes answer pings late already: a stream here can wait (decision 043).
      while (hub.held && !stopped)
        await new Promise((resolve) => setTimeout(resolve, DUE_CHECK_MS));
      const handOver = hub.handOver;
      if (stopped || !handOver) return;
      if (isLive(byUser, stream))
        await handOverOne(handOver, stream, () => randomInt(windowMs + 1));
    }
  })();
  return {
    stop() {
      stopped = true;
      return done;
    },
  };
}

/**
 * A hub's closeAll and startHandOver: how a closing process lets its streams go (decisions 042 to
 * 044). `hub` is read when they are called, since the hub is built around them.
 */
export function createClosing(
  hub: () => RealtimeHub,
  byUser: ReadonlyMap<string, ReadonlySet<Stream>>,
  windowMs: number,
) {
  let early: { stop(): Promise<void> } | null = null;
  return {
    startHandOver(handOver: HandOver) {
      hub().handOver = handOver;
      early ??= handOverEarly(hub(), byUser, windowMs);
    },
    async closeAll() {
      await early?.stop();
      early = null;
      await closeAllStreams(hub(), byUser, windowMs);
    },
  };
}

/** closeAll: every stream ends, told when to come back, or is handed over in a rolling restart. */
async function closeAllStreams(
  hub: RealtimeHub,
  byUser: ReadonlyMap<string, ReadonlySet<Stream>>,
  windowMs: number,
) {
  if (hub.handOver) await handOverAll(hub, byUser, windowMs);
  else hub.endAll();
  hub.onStreamsGone?.();
}

/**
 * closeAll in a rolling restart. Hands streams over one at a time: a process hands its sockets to
 * the primary one by one anyway, each waiting for the other side's receipt (node:child_process),
 * and Node's own queue for the rest is walked again at every receipt.
 */
async function handOverAll(
  hub: RealtimeHub,
  byUser: ReadonlyMap<string, ReadonlySet<Stream>>,
  windowMs: number,
) {
  const live = (stream: Stream) => isLive(byUser, stream);
  const moments = [...byUser.values()]
    .flatMap((set) => [...set])
    .map((stream) => ({ stream, at: randomInt(windowMs + 1) }))
    .sort((a, b) => a.at - b.at);
  const elapsedMs = pacedClock(hub);
  let due = 0;
  let allDue: () => void = () => {};
  const endDue = () => {
    const elapsed = elapsedMs();
    for (let next = moments[due]; next && next.at <= elapsed; next = moments[++due]) {
      if (live(next.stream)) next.stream.end(0);
    }
    if (due === moments.length) allDue();
  };
  const timer = setInterval(endDue, DUE_CHECK_MS);
  const finished = new Promise<void>((resolve) => {
    allDue = resolve;
  });
  for (let i = moments.length - 1; i >= due; i--) {
    const { stream, at } = moments[i] ?? {};
    const handOver = hub.handOver;
    if (!stream || at === undefined || !handOver) break;
    // One with bytes still to be written stays, and is ended at its moment.
    if (live(stream)) await handOverOne(handOver, stream, () => Math.max(0, at - elapsedMs()));
  }
  endDue();
  // Every stream handed over: nothing is left to wait for.
  if (moments.slice(due).every(({ stream }) => !live(stream))) allDue();
  await finished;
  clearInterval(timer);
}
