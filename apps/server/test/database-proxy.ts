import net from 'node:net';

/**
 * A TCP relay between the app and the PostgreSQL server, for tests of outages: `down()` stops
 * listening and cuts every open connection (as a server that stops or restarts does), `up()`
 * listens again on the same port, so the app's pool and listener must find their way back. It
 * also counts round trips: each Sync (the end of an extended-protocol exchange) or simple Query
 * a client sends is one, ended by the server's ReadyForQuery.
 */
export interface DatabaseProxy {
  /** The database URL rewritten to go through the relay. */
  url: string;
  /**
   * The round trips that began between `sent` and `answered` (performance.now()) and have ended:
   * those of a request sent and answered then, with nothing else on its way.
   */
  roundTripsBetween(sent: number, answered: number): RoundTrip[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export interface RoundTrip {
  connection: number;
  start: number;
  end: number;
}

/** Splits a protocol stream into its messages' type bytes; a client's first message has none. */
function messageTypes(onType: (type: number) => void, startup: boolean) {
  let buffered = Buffer.alloc(0);
  let awaitingStartup = startup;
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const header = awaitingStartup ? 0 : 1;
      if (buffered.length < header + 4) return;
      const length = buffered.readUInt32BE(header);
      if (buffered.length < header + length) return;
      if (!awaitingStartup) onType(buffered[0] as number);
      awaitingStartup = false;
      buffered = buffered.subarray(header + length);
    }
  };
}

const [SYNC, QUERY, READY] = ['S', 'Q', 'Z'].map((letter) => letter.charCodeAt(0));

/**
 * How many waves round trips fall into, overlapping ones being one wave: what a request waits for
 * one after the other, each a network's round trip when the database is on another machine.
 */
export function sequentialWaves(trips: RoundTrip[]): number {
  let waves = 0;
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const trip of [...trips].sort((a, b) => a.start - b.start)) {
    if (trip.start >= waveEnd) waves++;
    waveEnd = Math.max(waveEnd, trip.end);
  }
  return waves;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const trips: RoundTrip[] = [];
  let connections = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const connection = ++connections;
    const waiting: number[] = [];
    client.on(
      'data',
      messageTypes((type) => {
        if (type === SYNC || type === QUERY) waiting.push(performance.now());
      }, true),
    );
    upstream.on(
      'data',
      messageTypes((type) => {
        const start = type === READY ? waiting.shift() : undefined;
        if (start !== undefined) trips.push({ connection, start, end: performance.now() });
      }, false),
    );
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    roundTripsBetween: (sent, answered) =>
      trips.filter((trip) => trip.start >= sent && trip.start <= answered),
    down,
    async up() {
      await listen(port);
    },
    async close() {
      if (server.listening) await down();
    },
  };
}
