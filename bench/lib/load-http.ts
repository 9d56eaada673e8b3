// The HTTP side of a miners load process (miner-load.ts): connections from the process's own
// loopback source address, a keep-alive pool for pings, starts and stops, and one request.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export const COOKIE = '__Host-btcp_session';

export interface Answer {
  status: number;
  text: string;
  socketWaitMs: number;
  reused: boolean;
  /** A 503's Retry-After, in seconds; 0 without one. */
  retryAfterSeconds: number;
}

/** The load process's HTTP client, to `baseUrl` from `sourceAddress`. */
export function loadHttp(baseUrl: string, sourceAddress: string) {
  const target = new URL(baseUrl);
  const origin = target.origin;
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

  const connectFrom = sourcePortConnector(target, sourceAddress);

  class SourcePortAgent extends http.Agent {
    override createConnection = connectFrom;
  }
  const agent = new SourcePortAgent({
    keepAlive: true,
    maxSockets: PING_CONNECTIONS,
    maxFreeSockets: PING_CONNECTIONS,
    // Node's pool takes the server's `Keep-Alive: timeout=72` (less a second) only when it has an
    // idle timeout of its own, and without one it kept idle connections past the server's 73 s: a
    // request sent on one just as the server closed it failed with a reset, twice in a run. With
    // this, it closes them at 71 s, first; undici and Firefox honour the server's timeout too.
    timeout: 5 * 60_000,
  });

  /** When each pooled connection last finished an answer. */
  const idleSince = new WeakMap<net.Socket, number>();

  const { connectionFree, connectionDone } = waitingLine(PING_CONNECTIONS);

  async function send(token: string, path: string, body?: unknown): Promise<Answer> {
    const created = performance.now();
    await connectionFree();
    try {
      return await sendOnPool(token, path, created, body);
    } finally {
      connectionDone();
    }
  }

  function sendOnPool(token: string, path: string, created: number, body?: unknown) {
    return new Promise<Answer>((resolve, reject) => {
      let socketWaitMs = 0;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      let idleMs = 0;
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
          whenBodyRead(response, (text) => {
            if (request.socket) idleSince.set(request.socket, performance.now());
            resolve({
              status: response.statusCode ?? 0,
              text,
              socketWaitMs,
              reused: request.reusedSocket,
              retryAfterSeconds: Number(response.headers['retry-after'] ?? 0),
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', (error) =>
        reject(Object.assign(error, { reused: request.reusedSocket, idleMs })),
      );
      // Time spent waiting for a pooled connection here, not on the server; and how long a
      // reused connection had been idle (a failure on one idle for long is the keep-alive race).
      request.on('socket', (socket) => {
        socketWaitMs = performance.now() - created;
        const freed = idleSince.get(socket);
        if (freed !== undefined) idleMs = performance.now() - freed;
      });
      request.end(payload);
    });
  }

  /**
   * A POST as a browser sends it. One that fails on a reused keep-alive connection before any
   * answer is sent once more, as browsers do: a closing server process may close an idle
   * connection just as the request leaves, and nothing of it was processed.
   */
  const post = (token: string, path: string, body?: unknown): Promise<Answer> =>
    send(token, path, body).catch((error: Error & { reused?: boolean }) => {
      if (!error.reused) throw error;
      return send(token, path, body).catch((again: Error) => {
        throw Object.assign(again, { retried: true });
      });
    });
  /**
   * A miner's GET /api/events, on a connection of its own (the server closes a stream's connection
   * with it, decision 037), as a page's EventSource opens it.
   */
  const openEvents = (token: string, onResponse: (response: http.IncomingMessage) => void) =>
    http.get(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/events',
        createConnection: connectFrom,
        headers: { cookie: `${COOKIE}=${token}`, accept: 'text/event-stream' },
      },
      onResponse,
    );
  return { target, agent, openEvents, post };
}

/**
 * `createConnection` for this process's connections: from its own source address, on a source port
 * it names, as it owns that address.
 * Bound with port 0, a socket makes Linux search for a free port through every port already bound
 * on that address: with 10,000 streams per address, opening streams at 50 a second per process
 * kept 45 % of both cores in the kernel's port search (`inet_bhash2_conflict`,
 * `inet_bind2_bucket_find`; perf at 50,000 miners), starving the server it measures. A named port
 * is one bucket to check. A browser does neither: it connects without binding first.
 */
function sourcePortConnector(target: URL, sourceAddress: string) {
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
  return connectFrom;
}

/**
 * Requests waiting for one of the pool's connections, first come first served, held here rather
 * than in the pool: Node's pool keeps its waiting requests in an array and takes each from its
 * front, which costs the whole array once it is long. When the server stalled in a rolling
 * restart at 50,000 miners, 10,000 pings waited per load process and a third of the load's CPU
 * went to that (a profile of it), taking a core the server then lacked. A browser has no such
 * queue.
 */
function waitingLine(connections: number) {
  const waiting: ((value?: unknown) => void)[] = [];
  let waitingFrom = 0;
  let inFlight = 0;
  const connectionFree = (): Promise<unknown> | undefined => {
    if (inFlight < connections) {
      inFlight++;
      return undefined;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const connectionDone = () => {
    const next = waiting[waitingFrom];
    if (!next) {
      inFlight--;
      return;
    }
    waitingFrom++;
    // The taken front is dropped in one go once it is half the array: each take stays O(1).
    if (waitingFrom === waiting.length) {
      waiting.length = 0;
      waitingFrom = 0;
    } else if (waitingFrom > 1024 && waitingFrom * 2 > waiting.length) {
      waiting.splice(0, waitingFrom);
      waitingFrom = 0;
    }
    next();
  };
  return { connectionFree, connectionDone };
}

/** Calls `done` with the body of `response`, as text, once all of it has arrived. */
export function whenBodyRead(response: http.IncomingMessage, done: (text: string) => void) {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
  });
  response.on('end', () => done(text));
}
