// One load process of the realistic miners scenario (bench/lib/miners.ts starts several): it plays
// its share of the miners as browsers would, from its own loopback source address. Each miner holds
// its event stream open, starts a session, pings every 30 s in real time and collects the rewards
// the stream brings. The parent steers it over IPC and reads its figures back.
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { toUnits } from '@btcp/shared/decimal';
import { MINING_PING_INTERVAL_MS } from '@btcp/shared/mining';
import { COOKIE, loadHttp, whenBodyRead } from './load-http.ts';

/**
 * A ping not answered by then is reported while it is still on its way: one that hangs for minutes
 * would otherwise show only later, as the refused pings of a session closed meanwhile.
 */
const PING_SLOW_MS = 10_000;

interface Miner {
  token: string;
  sessionId: string | null;
  stream: http.ClientRequest | null;
  pinger: NodeJS.Timeout | null;
  /** Stop was sent: a ping still on its way may rightly meet a closed session. */
  stopping: boolean;
  /** When this miner's last ping was answered 204 (performance.now()), for the error samples. */
  answeredAt: number;
  /** The same moment on the wall clock (Date.now()), which the parent compares with its own. */
  answeredAtWall: number;
  /**
   * When its stream was last known to be served (Date.now()): opened, or told `resync` by a
   * process that took it over; 0 while closed. A handed-over stream is back only then, not while
   * its connection waits between processes.
   */
  streamLiveAt: number;
}

type Command =
  | { cmd: 'add'; tokens: string[]; rampMs: number }
  | { cmd: 'window' }
  | { cmd: 'report' }
  | { cmd: 'streams'; since?: number }
  | { cmd: 'balances' }
  | { cmd: 'stop'; withinMs: number }
  | { cmd: 'exit' };

const [baseUrl = '', sourceAddress = '127.0.0.1'] = process.argv.slice(2);
const { target, agent, openEvents, post } = loadHttp(baseUrl, sourceAddress);

const miners: Miner[] = [];
// This process's own delays count in what it measures: its event-loop lag is reported beside.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
// The longest garbage-collection pause of this process in the window: a stalled load generator
// delays every request it has in flight.
let gcPauseMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauseMaxMs = Math.max(gcPauseMaxMs, entry.duration);
}).observe({ entryTypes: ['gc'] });
let pingLatencies: number[] = [];
/** Every ping of the run, the arrivals' included: never reset by a window. */
const pingLatenciesWholeRun: number[] = [];
/** Of each of those, how long it waited for one of this process's pooled connections. */
const socketWaitsWholeRun: number[] = [];
/** When each of those was sent (ms since the epoch), to tell the run's phases apart. */
const pingSentAtWholeRun: number[] = [];
/** Whether each of those went on a new connection (1) or a pooled one (0). */
const pingNewConnectionWholeRun: number[] = [];
/** Each Stop's time to its answer. */
const stopLatencies: number[] = [];
let socketWaits: number[] = [];
let rewardLags: number[] = [];
let errors = 0;
let errorSamples: string[] = [];
/** Every error of the run by kind (its text with the figures left out), never reset. */
const errorKinds = new Map<string, number>();
/** When the run's last error happened (Date.now()), never reset: when a fault's failures ended. */
let lastErrorAt = 0;
/** Stream opens that failed and were tried again after the page's back-off. */
let streamRetries = 0;
/**
 * Errors while miners were still being added (before this window): a ramp that overloads the
 * server shows here, not only as the refused pings of the sessions it let go stale.
 */
let errorsBeforeWindow = 0;
let errorSamplesBeforeWindow: string[] = [];
let rewardUnits = 0n;
let rewardEvents = 0;
let stopUnits = 0n;
/** Stops answered 503 with Retry-After and sent again. */
let stopsDeferred = 0;
let stopsAnswered = 0;
let openStreams = 0;
/** Streams the server ended with a `reconnect` event, each opened again. */
let streamReconnects = 0;
/** Streams a server process took over from another (a rolling restart), told to refetch. */
let streamResyncs = 0;
// This process's own CPU over the window, so a saturated load generator is seen, not guessed.
let windowCpu = process.cpuUsage();
let windowStartedAt = performance.now();

/** A request's failure, with what tells its cause: the connection it used, and how long it took. */
function failed(what: string, error: unknown, started: number) {
  const { message, reused, retried, idleMs } = error as Error & {
    reused?: boolean;
    retried?: boolean;
    idleMs?: number;
  };
  const idle = reused && idleMs !== undefined ? ` idle ${Math.round(idleMs / 1000)} s` : '';
  const connection = `${reused ? 'a reused' : 'a new'} connection${idle}${retried ? ', sent again' : ''}`;
  fail(`${what} ${message} (${connection}, after ${Math.round(performance.now() - started)} ms)`);
}

function fail(what: string) {
  errors++;
  lastErrorAt = Date.now();
  if (errorSamples.length < 5) errorSamples.push(what);
  const kind = what.replace(/\d+/g, 'N');
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
}

/** The page's back-off between failed stream opens (use-event-stream.ts), with its jitter. */
const STREAM_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];
const jittered = (ms: number) => Math.round(ms / 2 + Math.random() * ms);

/**
 * A stream that could not open, or that the server ended without saying when to come back, is
 * opened again after the page's back-off: the page never gives up on its stream.
 */
function retryStream(miner: Miner, failures: number) {
  streamRetries++;
  const step = STREAM_RETRY_DELAYS_MS[Math.min(failures, STREAM_RETRY_DELAYS_MS.length - 1)];
  setTimeout(
    () => {
      if (miner.stream) void openStream(miner, failures + 1);
    },
    jittered(step ?? 10_000),
  );
}

/**
 * The event stream, read line by line: each reward's lag from its credit, and its amount. A
 * stream the server ends with a `reconnect` event (a process closing, decision 030) is opened
 * again after the `retry` it named, as the page does.
 */
function openStream(miner: Miner, failures = 0): Promise<void> {
  return new Promise((resolve) => {
    const request = openEvents(miner.token, (response) => {
      if (response.statusCode !== 200) {
        fail(`stream ${response.statusCode}`);
        response.resume();
        retryStream(miner, failures);
        resolve();
        return;
      }
      openStreams++;
      miner.streamLiveAt = Date.now();
      let buffer = '';
      let comeBackAfterMs: number | null = null;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const reconnect = /^retry: (\d+)\nevent: reconnect/.exec(message);
          if (reconnect) comeBackAfterMs = Number(reconnect[1]);
          if (message.startsWith('event: resync\n')) {
            streamResyncs++;
            miner.streamLiveAt = Date.now();
          }
          // A reward of the crediting job: the ledger event that names a mining session.
          if (message.startsWith('data: ') && message.includes('"mining":{')) {
            const event = JSON.parse(message.slice(6)) as {
              transaction: { amount: string; createdAt: string };
            };
            rewardLags.push(Date.now() - Date.parse(event.transaction.createdAt));
            rewardUnits += toUnits(event.transaction.amount);
            rewardEvents++;
          }
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('close', () => {
        openStreams--;
        miner.streamLiveAt = 0;
        if (!miner.stream) return;
        if (comeBackAfterMs === null) {
          fail('stream closed by the server');
          retryStream(miner, 0);
        } else {
          streamReconnects++;
          setTimeout(() => {
            if (miner.stream) void openStream(miner);
          }, comeBackAfterMs);
        }
      });
      resolve();
    });
    request.on('error', (error) => {
      if (miner.stream) {
        fail(`stream ${error.message}`);
        retryStream(miner, failures);
      }
      resolve();
    });
    miner.stream = request;
  });
}

async function ping(miner: Miner) {
  if (!miner.sessionId) return;
  const started = performance.now();
  const sentAt = Date.now();
  const slow = setTimeout(() => {
    if (miner.stopping) return;
    const sinceAnswered = Math.round((performance.now() - miner.answeredAt) / 1000);
    fail(
      `ping unanswered after ${PING_SLOW_MS / 1000} s, ${sinceAnswered} s after this miner's last answered ping or start`,
    );
  }, PING_SLOW_MS);
  try {
    const response = await post(miner.token, '/api/mining/ping', { sessionId: miner.sessionId });
    const tookMs = performance.now() - started;
    pingLatencies.push(tookMs);
    pingLatenciesWholeRun.push(tookMs);
    socketWaitsWholeRun.push(response.socketWaitMs);
    pingSentAtWholeRun.push(sentAt);
    pingNewConnectionWholeRun.push(response.reused ? 0 : 1);
    socketWaits.push(response.socketWaitMs);
    if (response.status === 204) {
      miner.answeredAt = performance.now();
      miner.answeredAtWall = Date.now();
    } else if (!miner.stopping) {
      // What a refused ping went through: its own time, the time since this miner's last
      // answered ping, and whether it waited for a new connection.
      const sinceAnswered = Math.round((performance.now() - miner.answeredAt) / 1000);
      fail(
        `ping ${response.status} after ${Math.round(tookMs)} ms (${Math.round(response.socketWaitMs)} ms waiting for a connection, ${response.reused ? 'reused' : 'new'}), ${sinceAnswered} s after this miner's last answered ping or start: ${response.text.slice(0, 80)}`,
      );
    }
  } catch (error) {
    failed('ping', error, started);
  } finally {
    clearTimeout(slow);
  }
}

async function begin(miner: Miner) {
  await openStream(miner);
  try {
    const response = await post(miner.token, '/api/mining/start');
    if (response.status !== 201) {
      fail(`start ${response.status} ${response.text.slice(0, 120)}`);
      return;
    }
    miner.sessionId = (JSON.parse(response.text) as { id: string }).id;
    miner.answeredAt = performance.now();
    miner.pinger = setInterval(() => void ping(miner), MINING_PING_INTERVAL_MS);
  } catch (error) {
    fail(`start ${(error as Error).message}`);
  }
}

async function add(tokens: string[], rampMs: number) {
  const starting: Promise<void>[] = [];
  const startedAt = Date.now();
  tokens.forEach((token, index) => {
    const miner: Miner = {
      token,
      sessionId: null,
      stream: null,
      pinger: null,
      stopping: false,
      answeredAt: 0,
      answeredAtWall: 0,
      streamLiveAt: 0,
    };
    miners.push(miner);
    const at = startedAt + (index / tokens.length) * rampMs;
    starting.push(
      new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()))).then(() =>
        begin(miner),
      ),
    );
  });
  await Promise.all(starting);
}

/**
 * One miner's Stop, as the page's Stop button sends it: a 503 (the server's queue of heavy
 * actions is full, decision 030) is sent again after its Retry-After, as the page does; the time
 * counted is until the Stop is answered for good.
 */
async function stopOne(miner: Miner) {
  if (!miner.sessionId) return;
  // A tab pings until its own Stop.
  if (miner.pinger) clearInterval(miner.pinger);
  miner.stopping = true;
  const started = performance.now();
  try {
    let response = await post(miner.token, '/api/mining/stop', { sessionId: miner.sessionId });
    while (response.status === 503 && response.retryAfterSeconds > 0) {
      stopsDeferred++;
      await new Promise((resolve) => setTimeout(resolve, response.retryAfterSeconds * 1000));
      response = await post(miner.token, '/api/mining/stop', { sessionId: miner.sessionId });
    }
    stopLatencies.push(performance.now() - started);
    if (response.status !== 200) fail(`stop ${response.status} ${response.text.slice(0, 80)}`);
    else {
      stopsAnswered++;
      stopUnits += toUnits((JSON.parse(response.text) as { credited: string }).credited);
    }
  } catch (error) {
    failed('stop', error, started);
  }
}

/**
 * Every miner presses Stop at a moment spread evenly over `withinMs`, whatever the answers so far
 * (people do not wait for each other); then each stream is closed as its tab would be.
 */
async function stopAll(withinMs: number) {
  const startedAt = Date.now();
  await Promise.all(
    miners.map(async (miner, index) => {
      const at = startedAt + (index / miners.length) * withinMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      await stopOne(miner);
    }),
  );
  // Rewards credited just before a stop may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const miner of miners) {
    const stream = miner.stream;
    miner.stream = null;
    stream?.destroy();
  }
}

/** A miner's balance as its page reads it again (GET /api/wallet), in units. */
function balanceOf(miner: Miner): Promise<bigint> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/wallet',
        agent,
        headers: { cookie: `${COOKIE}=${miner.token}` },
      },
      (response) =>
        whenBodyRead(response, (text) => {
          if (response.statusCode !== 200) reject(new Error(`wallet ${response.statusCode}`));
          else resolve(toUnits((JSON.parse(text) as { balance: string }).balance));
        }),
    );
    request.on('error', reject);
  });
}

/**
 * A balance read once more when its read fails, as a browser repeats a GET whose keep-alive
 * connection was closed under it (HAProxy closes an idle one after its `timeout http-request`).
 */
const balanceRead = (miner: Miner) => balanceOf(miner).catch(() => balanceOf(miner));

/** Every miner's balance, summed, a few at a time. */
async function balances(): Promise<string> {
  let total = 0n;
  for (let from = 0; from < miners.length; from += 100) {
    const some = await Promise.all(miners.slice(from, from + 100).map(balanceRead));
    total = some.reduce((sum, units) => sum + units, total);
  }
  return total.toString();
}

process.on('message', (message: Command) => {
  const reply = (value: unknown) => process.send?.(value);
  switch (message.cmd) {
    case 'add':
      void add(message.tokens, message.rampMs).then(() => reply({ added: miners.length }));
      break;
    case 'window':
      errorsBeforeWindow = errors;
      errorSamplesBeforeWindow = errorSamples;
      pingLatencies = [];
      socketWaits = [];
      rewardLags = [];
      errors = 0;
      errorSamples = [];
      loopDelay.reset();
      gcPauseMaxMs = 0;
      windowCpu = process.cpuUsage();
      windowStartedAt = performance.now();
      reply({ window: true });
      break;
    case 'report':
      reply({
        pingLatencies,
        socketWaits,
        rewardLags,
        errors,
        errorSamples,
        errorsBeforeWindow,
        errorSamplesBeforeWindow,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
        gcPauseMaxMs,
        cpuPercent: (() => {
          const used = process.cpuUsage(windowCpu);
          const elapsedMs = performance.now() - windowStartedAt;
          return Math.round(((used.user + used.system) / 1000 / elapsedMs) * 100);
        })(),
        openStreams,
        streamReconnects,
        streamResyncs,
        streamRetries,
        errorKinds: Object.fromEntries(errorKinds),
        lastErrorAt,
        pingLatenciesWholeRun,
        socketWaitsWholeRun,
        pingSentAtWholeRun,
        pingNewConnectionWholeRun,
        stopLatencies,
        stopsDeferred,
        stopsAnswered,
        rewardUnits: rewardUnits.toString(),
        rewardEvents,
        stopUnits: stopUnits.toString(),
      });
      break;
    case 'balances':
      // A read that failed twice is reported, not left to end the process with the parent waiting.
      void balances().then(
        (units) => reply({ units }),
        (error: Error) => reply({ units: '0', error: error.message }),
      );
      break;
    case 'streams': {
      const mining = miners.filter((miner) => miner.sessionId && !miner.stopping);
      reply({
        openStreams,
        streamReconnects,
        streamResyncs,
        streamRetries,
        liveSince: miners.filter((miner) => miner.streamLiveAt >= (message.since ?? 0)).length,
        mining: mining.length,
        answeredSince: mining.filter((miner) => miner.answeredAtWall >= (message.since ?? 0))
          .length,
      });
      break;
    }
    case 'exit':
      process.exit(0);
      break;
    case 'stop':
      void stopAll(message.withinMs).then(() =>
        reply({ stopped: true, stopUnits: stopUnits.toString() }),
      );
      break;
  }
});
process.send?.({ ready: true });
// When the bench that steers it is gone (killed, or ended by a signal), its load goes with it.
process.on('disconnect', () => process.exit(0));
