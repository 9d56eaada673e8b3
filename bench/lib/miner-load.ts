// One load process of the realistic miners scenario (bench/lib/miners.ts starts several): it plays
// its share of the miners as browsers would, from its own loopback source address. Each miner holds
// its event stream open, starts a session, pings every 30 s in real time and collects the rewards
// the stream brings. The parent steers it over IPC and reads its figures back.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { toUnits } from '@btcp/shared/decimal';

const PING_EVERY_MS = 30_000;
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
}

type Command =
  | { cmd: 'add'; tokens: string[]; rampMs: number }
  | { cmd: 'window' }
  | { cmd: 'report' }
  | { cmd: 'stop' };

const [baseUrl = '', sourceAddress = '127.0.0.1'] = process.argv.slice(2);
const target = new URL(baseUrl);
const origin = target.origin;
const COOKIE = '__Host-btcp_session';
/**
 * Pings and starts share a pool of keep-alive connections, kept open between pings as a browser
 * keeps its own. A browser's ping never waits behind other miners' pings; here, with 128
 * connections for 10,000 miners, a short stall of the server queued pings in this process (client
 * queue p99 52 ms of a 120 ms ping p99 at 50,000 miners); with 512 it was 0. Every connection of
 * the pool is kept when idle (Node keeps 256 by default and closes the rest): a run with 2,000
 * connections and the default spent 79 % of a core in the load processes, their event loops
 * stalled up to 12 s, and pings went unanswered for over 10 s.
 */
const PING_CONNECTIONS = 512;

/**
 * This process names the source port of each of its connections, as it owns its source address.
 * Bound with port 0, a socket makes Linux search for a free port through every port already bound
 * on that address: with 10,000 streams per address, opening streams at 50 a second per process
 * kept 45 % of both cores in the kernel's port search (`inet_bhash2_conflict`,
 * `inet_bind2_bucket_find`; perf at 50,000 miners), starving the server it measures. A named port
 * is one bucket to check. A browser does neither: it connects without binding first.
 */
const FIRST_PORT = 1024;
const LAST_PORT = 65_535;
let nextPort = FIRST_PORT;
/**
 * Ports a server on this machine listens on, whatever its address: a listener on 0.0.0.0 holds
 * its port on every address (a run met one on port 2024, and its five streams failed to bind).
 */
function listeningPorts(): number[] {
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) => {
    try {
      return readFileSync(table, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[3] === '0A')
        .map((fields) => Number.parseInt(fields[1]?.split(':').at(-1) ?? '', 16));
    } catch {
      return [];
    }
  });
}
const portsInUse = new Set<number>(listeningPorts());
function takePort(): number {
  for (let tried = 0; tried <= LAST_PORT - FIRST_PORT; tried++) {
    const port = nextPort;
    nextPort = port === LAST_PORT ? FIRST_PORT : port + 1;
    if (!portsInUse.has(port)) {
      portsInUse.add(port);
      return port;
    }
  }
  throw new Error(`every source port of ${sourceAddress} is in use`);
}
/** Node's own `createConnection` for HTTP, from this process's address and a port it names. */
function connectFrom(options: http.ClientRequestArgs): net.Socket {
  const localPort = takePort();
  const socket = net.createConnection({
    host: options.host ?? target.hostname,
    port: Number(options.port ?? target.port),
    localAddress: sourceAddress,
    localPort,
  });
  socket.once('close', () => portsInUse.delete(localPort));
  return socket;
}

class SourcePortAgent extends http.Agent {
  override createConnection = connectFrom;
}
const agent = new SourcePortAgent({
  keepAlive: true,
  maxSockets: PING_CONNECTIONS,
  maxFreeSockets: PING_CONNECTIONS,
});

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
let socketWaits: number[] = [];
let rewardLags: number[] = [];
let errors = 0;
let errorSamples: string[] = [];
/**
 * Errors while miners were still being added (before this window): a ramp that overloads the
 * server shows here, not only as the refused pings of the sessions it let go stale.
 */
let errorsBeforeWindow = 0;
let errorSamplesBeforeWindow: string[] = [];
let rewardUnits = 0n;
let rewardEvents = 0;
let stopUnits = 0n;
let openStreams = 0;
// This process's own CPU over the window, so a saturated load generator is seen, not guessed.
let windowCpu = process.cpuUsage();
let windowStartedAt = performance.now();

function fail(what: string) {
  errors++;
  if (errorSamples.length < 5) errorSamples.push(what);
}

function post(
  token: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; socketWaitMs: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const created = performance.now();
    let socketWaitMs = 0;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        agent,
        headers: {
          cookie: `${COOKIE}=${token}`,
          origin,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : { 'content-length': 0 }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text,
            socketWaitMs,
            reused: request.reusedSocket,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // Time spent waiting for a pooled connection here, not on the server.
    request.on('socket', () => {
      socketWaitMs = performance.now() - created;
    });
    request.end(payload);
  });
}

/** The event stream, read line by line: each reward's lag from its credit, and its amount. */
function openStream(miner: Miner): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/events',
        createConnection: connectFrom,
        headers: { cookie: `${COOKIE}=${miner.token}`, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          fail(`stream ${response.statusCode}`);
          response.resume();
          resolve();
          return;
        }
        openStreams++;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
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
          if (miner.stream) fail('stream closed by the server');
        });
        resolve();
      },
    );
    request.on('error', (error) => {
      if (miner.stream) fail(`stream ${error.message}`);
      resolve();
    });
    miner.stream = request;
  });
}

async function ping(miner: Miner) {
  if (!miner.sessionId) return;
  const started = performance.now();
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
    socketWaits.push(response.socketWaitMs);
    if (response.status === 204) miner.answeredAt = performance.now();
    else if (!miner.stopping) {
      // What a refused ping went through: its own time, the time since this miner's last
      // answered ping, and whether it waited for a new connection.
      const sinceAnswered = Math.round((performance.now() - miner.answeredAt) / 1000);
      fail(
        `ping ${response.status} after ${Math.round(tookMs)} ms (${Math.round(response.socketWaitMs)} ms waiting for a connection, ${response.reused ? 'reused' : 'new'}), ${sinceAnswered} s after this miner's last answered ping or start: ${response.text.slice(0, 80)}`,
      );
    }
  } catch (error) {
    fail(`ping ${(error as Error).message}`);
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
    miner.pinger = setInterval(() => void ping(miner), PING_EVERY_MS);
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

/** Stop (what the page's Stop button sends), then the stream is closed as the tab would be. */
async function stopAll() {
  let next = 0;
  const worker = async () => {
    while (next < miners.length) {
      const miner = miners[next++];
      if (!miner?.sessionId) continue;
      // A tab pings until its own Stop: stopping 50,000 miners takes longer than the 90 s after
      // which a silent session is closed by the server (and paid without a Stop to report it).
      if (miner.pinger) clearInterval(miner.pinger);
      miner.stopping = true;
      try {
        const response = await post(miner.token, '/api/mining/stop', {
          sessionId: miner.sessionId,
        });
        if (response.status !== 200) fail(`stop ${response.status}`);
        else stopUnits += toUnits((JSON.parse(response.text) as { credited: string }).credited);
      } catch (error) {
        fail(`stop ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  // Rewards credited just before a stop may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const miner of miners) {
    const stream = miner.stream;
    miner.stream = null;
    stream?.destroy();
  }
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
        rewardUnits: rewardUnits.toString(),
        rewardEvents,
        stopUnits: stopUnits.toString(),
      });
      break;
    case 'stop':
      void stopAll().then(() => reply({ stopped: true, stopUnits: stopUnits.toString() }));
      break;
  }
});
process.send?.({ ready: true });
