import type { Worker } from 'node:cluster';

/** What a worker sends the primary once it listens and its /readyz would answer 200. */
export const WORKER_READY_MESSAGE = 'btcp:ready';
/**
 * What the primary sends an old worker once every new one is ready: stop accepting connections,
 * keep serving the open ones (its event streams included) until asked to exit.
 */
export const STOP_ACCEPTING_MESSAGE = 'btcp:stop-accepting';
/** What the primary sends a new worker to see how soon it answers; the worker sends it back. */
export const PROBE_MESSAGE = 'btcp:probe';
/** What the primary sends the old workers while the new ones are busy, and once they are not. */
export const HOLD_STREAMS_MESSAGE = 'btcp:hold-streams';
export const RELEASE_STREAMS_MESSAGE = 'btcp:release-streams';
/** What a retiring worker sends the primary once every stream of its has gone. */
export const STREAMS_GONE_MESSAGE = 'btcp:streams-gone';

/** How often the primary probes each new worker during a roll. */
const PROBE_EVERY_MS = 100;
/**
 * A new worker that takes longer than this to answer a probe is busy: its event loop is late by
 * as much, and a ping it holds waits as long. The pings' own target (README).
 */
const BUSY_AFTER_MS = 100;

/** How long a new process may take to become ready before the roll gives up on it. */
const READY_TIMEOUT_MS = 60_000;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RollingRestartOptions {
  /** Starts one new worker (cluster.fork). */
  fork(): Worker;
  /**
   * Runs before each roll: the migrations now on disk are applied, so the new processes find the
   * database they expect (they become ready only then). A failure stops the roll before it begins.
   */
  beforeRoll(): Promise<void>;
  /** The workers serving now: the ones a roll replaces. */
  workers(): Worker[];
  /** Whether the whole server is stopping: a roll then stops where it is. */
  stopping(): boolean;
  log: Log;
  /** How long an old worker may take to finish its requests before it is killed. */
  exitTimeoutMs: number;
}

export interface RollingRestart {
  /** Replaces every worker, one at a time; a request while one runs is queued (once). */
  request(): void;
  /**
   * Whether the roll is in charge of this worker (starting it, or retiring it): its exit is the
   * roll's business, not a crash for the supervisor to replace.
   */
  owns(worker: Worker): boolean;
  /** Resolves when no roll runs (for tests and the supervisor's own shutdown). */
  idle(): Promise<void>;
}

type Outcome = 'ready' | 'exited' | 'timeout';

/** Resolves once the worker says it is ready, exits, or takes too long. */
function untilReady(worker: Worker, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(outcome);
    };
    const onMessage = (message: unknown) => {
      if (message === WORKER_READY_MESSAGE) finish('ready');
    };
    const onExit = () => finish('exited');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
  });
}

/** Asks the worker to finish its requests and exit (SIGTERM); kills it past the grace period. */
function retire(worker: Worker, exitTimeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), exitTimeoutMs);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/** Starts one new worker and waits until it is ready; null (and the worker killed) if it is not. */
async function startOne(options: RollingRestartOptions, owned: Set<Worker>) {
  const fresh = options.fork();
  owned.add(fresh);
  const outcome = await untilReady(fresh, READY_TIMEOUT_MS);
  owned.delete(fresh);
  if (outcome === 'ready') return fresh;
  options.log.error(
    { worker: fresh.process.pid, outcome },
    'rolling restart stopped: a new server process did not become ready; the old ones keep serving',
  );
  if (!fresh.isDead()) fresh.process.kill('SIGKILL');
  return null;
}

/**
 * Starts one new worker per old one, all at once: a starting process spends much of its start
 * waiting (the database, its notification listener), so together they are ready far sooner than
 * one after another. On a failure, stops those that did start and returns null.
 */
async function startAll(options: RollingRestartOptions, owned: Set<Worker>, count: number) {
  if (options.stopping()) return null;
  const outcomes = await Promise.all(Array.from({ length: count }, () => startOne(options, owned)));
  const started = outcomes.filter((worker): worker is Worker => worker !== null);
  if (started.length === count) return started;
  for (const worker of started) {
    owned.add(worker);
    await retire(worker, options.exitTimeoutMs);
    owned.delete(worker);
  }
  return null;
}

/** Resolves once the worker says every stream of its has gone, or exits. */
function untilStreamsGone(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const finish = () => {
      worker.off('message', onMessage);
      worker.off('exit', finish);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (message === STREAMS_GONE_MESSAGE) finish();
    };
    worker.on('message', onMessage);
    worker.on('exit', finish);
  });
}

/**
 * Asks the old workers to finish one at a time, the next once every stream of the previous one
 * has gone: asking it sooner would bring two processes' streams back at once (decision 036). A
 * process lets its streams go over its window, handing over what it can and ending the rest at
 * their moments (decision 042), held back while the new processes are busy (decision 043), so
 * the next is not kept waiting for the previous one's exit, a moment later.
 */
async function retireInTurn(old: Worker[], options: RollingRestartOptions, owned: Set<Worker>) {
  const retired: Promise<void>[] = [];
  for (const [i, worker] of old.entries()) {
    const gone = untilStreamsGone(worker);
    retired.push(
      retire(worker, options.exitTimeoutMs).then(() => {
        owned.delete(worker);
        options.log.info({ old: worker.process.pid }, 'rolling restart: one old process retired');
      }),
    );
    if (i < old.length - 1) await gone;
  }
  await Promise.all(retired);
}

/**
 * Probes each worker every PROBE_EVERY_MS over IPC, which it answers from its event loop, and
 * calls `onChange` when they turn busy (one answers later than BUSY_AFTER_MS) or no longer are.
 * Returns what stops it.
 */
export function watchBusy(workers: Worker[], onChange: (busy: boolean) => void): () => void {
  const sentAt = new Map<Worker, number>();
  const lateness = new Map<Worker, number>();
  let busy = false;
  const listeners = workers.map((worker) => {
    const onMessage = (message: unknown) => {
      const at = sentAt.get(worker);
      if (message !== PROBE_MESSAGE || at === undefined) return;
      lateness.set(worker, Date.now() - at);
      sentAt.delete(worker);
    };
    worker.on('message', onMessage);
    return () => worker.off('message', onMessage);
  });
  const probe = () => {
    const now = Date.now();
    for (const worker of workers) {
      const at = sentAt.get(worker);
      // One still unanswered is as late as it has waited so far.
      if (at !== undefined) lateness.set(worker, now - at);
      else if (sendIfConnected(worker, PROBE_MESSAGE)) sentAt.set(worker, now);
    }
    const nowBusy = workers.some(
      (worker) => !worker.isDead() && (lateness.get(worker) ?? 0) > BUSY_AFTER_MS,
    );
    if (nowBusy !== busy) {
      busy = nowBusy;
      onChange(busy);
    }
  };
  const timer = setInterval(probe, PROBE_EVERY_MS);
  return () => {
    clearInterval(timer);
    for (const stop of listeners) stop();
  };
}

/**
 * Sends a worker a message if it is still connected; whether it was sent. A worker that exits just
 * as it is sent a message makes the send fail; without a callback Node would raise that as an
 * error event of the worker, which nothing here needs to hear.
 */
function sendIfConnected(worker: Worker, message: string): boolean {
  if (!worker.isConnected()) return false;
  worker.send(message, undefined, () => {});
  return true;
}

/**
 * Tells the old workers to hold their streams back while the new ones are busy. Returns what
 * stops it, which logs how long the streams were held in all (the state may change ten times a
 * second, too often to log each change).
 */
function holdWhileBusy(fresh: Worker[], old: Worker[], log: Log) {
  let heldSince: number | null = null;
  let heldMs = 0;
  let holds = 0;
  const stop = watchBusy(fresh, (busy) => {
    if (busy) {
      heldSince = Date.now();
      holds++;
    } else if (heldSince !== null) {
      heldMs += Date.now() - heldSince;
      heldSince = null;
    }
    for (const worker of old) {
      sendIfConnected(worker, busy ? HOLD_STREAMS_MESSAGE : RELEASE_STREAMS_MESSAGE);
    }
  });
  return () => {
    stop();
    if (heldSince !== null) heldMs += Date.now() - heldSince;
    if (holds > 0) {
      log.info(
        { holds, heldSeconds: Math.round(heldMs / 100) / 10 },
        'rolling restart: streams were held back while the new processes were busy',
      );
    }
  };
}

/**
 * SIGHUP's rolling restart (README, "Deploying without downtime"), in three steps:
 * - a new process is started for each serving one, all at once, and each is waited for until
 *   it is ready (it listens, its database answers and its notifications are heard);
 * - then every old process stops accepting connections, so what leaves one lands on a new one
 *   and moves once, and begins handing its event streams over (decision 044);
 * - then the old ones are asked to finish and exit, one at a time, each telling its event
 *   streams to come back spread over EVENTS_RECONNECT_WINDOW_MS (retireInTurn), held back
 *   while the new ones are busy (holdWhileBusy).
 * The port is never without a ready process, so a deploy refuses no request. A new process that
 * cannot start ends the roll: the new ones started so far stop, and the old ones keep serving.
 */
export function createRollingRestart(options: RollingRestartOptions): RollingRestart {
  const owned = new Set<Worker>();
  let running: Promise<void> | null = null;
  let queued = false;

  const roll = async () => {
    do {
      queued = false;
      try {
        await options.beforeRoll();
      } catch (error) {
        options.log.error(
          { err: error },
          'rolling restart not started: the database could not be migrated; the processes keep serving',
        );
        return;
      }
      const old = options.workers();
      options.log.info({ processes: old.length }, 'rolling restart: replacing every process');
      const started = await startAll(options, owned, old.length);
      if (!started) return;
      // From here the old processes are the roll's: one that dies is not replaced.
      for (const worker of old) {
        owned.add(worker);
        sendIfConnected(worker, STOP_ACCEPTING_MESSAGE);
      }
      const stopWatching = holdWhileBusy(started, old, options.log);
      try {
        await retireInTurn(old, options, owned);
      } finally {
        stopWatching();
      }
      options.log.info({ replaced: old.length }, 'rolling restart: done');
    } while (queued && !options.stopping());
  };

  return {
    request() {
      if (running) {
        queued = true;
        options.log.warn({}, 'rolling restart already running: another one follows it');
        return;
      }
      running = roll().finally(() => {
        running = null;
      });
    },
    owns: (worker) => owned.has(worker),
    idle: () => running ?? Promise.resolve(),
  };
}

/** How often a new worker asks itself whether it is ready, until it is. */
const READY_POLL_MS = 100;

/**
 * In a worker, once it listens: waits until its readiness (the /readyz answer) has no reason
 * left, then tells the primary, which only then retires an old worker.
 */
export async function announceReadyToPrimary(readiness: {
  reasons(): Promise<string[]>;
}): Promise<void> {
  while ((await readiness.reasons()).length > 0) {
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  process.send?.(WORKER_READY_MESSAGE);
}
