import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Listening sockets per process when the port is shared with SO_REUSEPORT. libuv (1.45 and
 * later, so every supported Node) accepts one connection per event-loop turn and listening
 * socket: a process whose turns take 10 to 20 ms under load accepts 50 to 100 connections a
 * second, and a burst (arrivals, a restart's reconnecting streams) overflowed the kernel's queue
 * while the processes sat at a fifth of a core each (decision 034). Each socket is one more
 * accept per turn.
 */
export const ACCEPT_SOCKETS = 8;

/** Node gained `reusePort` in 22.12 (and 23.1); on Linux the kernel spreads connections. */
export function reusePortAvailable(version = process.versions.node, platform = process.platform) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return platform === 'linux' && (major > 22 || (major === 22 && minor >= 12));
}

/**
 * Fails as a plain listen would if something already listens on the port: sockets bound with
 * SO_REUSEPORT would otherwise join a second server's and split its connections with it. Checked
 * once, by the first process; a rolling restart's new workers bind while the old ones listen.
 */
export async function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The extra listening sockets of each app server, so a shutdown stops them accepting too. */
const extraListeners = new WeakMap<HttpServer, net.Server[]>();

interface ListenOptions {
  host: string;
  port: number;
  backlog: number;
}

/**
 * Listens on `sockets` listening sockets bound to the same address with SO_REUSEPORT: Fastify's
 * own, plus more whose connections are handed to the app's server (Node's documented way to give
 * an http.Server a connection). With one socket, or a port the system picks, it listens as
 * before: a cluster's workers then share the primary's socket (Node's `cluster`).
 */
export async function listenOnAcceptSockets(
  app: FastifyInstance,
  options: ListenOptions,
  sockets: number,
): Promise<void> {
  if (sockets <= 1 || options.port === 0) {
    await app.listen(options);
    return;
  }
  // `exclusive`: each cluster worker binds its own sockets instead of sharing the primary's.
  const shared = { ...options, reusePort: true, exclusive: true };
  await app.listen(shared);
  const extra: net.Server[] = [];
  extraListeners.set(app.server, extra);
  for (let i = 1; i < sockets; i++) {
    // http.Server's own defaults for the connections it accepts.
    const listener = net.createServer({ noDelay: true }, (socket) =>
      app.server.emit('connection', socket),
    );
    extra.push(listener);
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(shared, () => {
        listener.off('error', reject);
        resolve();
      });
    });
  }
}

/**
 * Servers that stopped accepting before their shutdown (a rolling restart's old processes), and
 * when they did (Date.now()).
 */
const stopped = new WeakMap<HttpServer, number>();

/**
 * Stops every listening socket of the app's server accepting, without closing a connection
 * (http.Server's own close would end the idle ones at once). Once is enough.
 */
export function stopAccepting(server: HttpServer): void {
  if (stopped.has(server)) return;
  stopped.set(server, Date.now());
  net.Server.prototype.close.call(server);
  for (const listener of extraListeners.get(server) ?? []) listener.close();
  extraListeners.delete(server);
}

/** When the server stopped accepting (Date.now()), or undefined while it accepts. */
export function stoppedAcceptingAt(server: HttpServer): number | undefined {
  return stopped.get(server);
}

/** Whether the server listens, or did until it stopped accepting: its connections are served. */
export function hasListened(server: HttpServer): boolean {
  return server.listening || stopped.has(server);
}
