import net from 'node:net';

/**
 * A relay between the app and PostgreSQL that counts round trips: each Sync (the end of an
 * extended-protocol exchange) or simple Query a client sends is one, ending at the server's
 * ReadyForQuery. Its clock is the relay's, so a request's round trips are those that began while
 * it was on its way; overlapping ones ran at once (on several pooled connections), and the number
 * of waves they fall into is what the request waits for one after the other.
 */
export interface RoundTrip {
  connection: number;
  start: number;
  end: number;
}

export interface CountingRelay {
  /** The database URL rewritten to go through the relay. */
  url: string;
  /** The round trips that began at or after `since` (performance.now()) and have ended. */
  since(since: number): RoundTrip[];
  close(): Promise<void>;
}

/** Splits a protocol stream into message type bytes; the first message of a client has none. */
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

const SYNC = 'S'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const READY = 'Z'.charCodeAt(0);

export async function startCountingRelay(databaseUrl: string): Promise<CountingRelay> {
  const target = new URL(databaseUrl);
  const trips: RoundTrip[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    const connection = ++connections;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    since: (since) => trips.filter((trip) => trip.start >= since),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** How many waves the round trips fall into: overlapping ones are one wave. */
export function sequentialWaves(trips: RoundTrip[]): number {
  let waves = 0;
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const trip of [...trips].sort((a, b) => a.start - b.start)) {
    if (trip.start >= waveEnd) waves++;
    waveEnd = Math.max(waveEnd, trip.end);
  }
  return waves;
}
