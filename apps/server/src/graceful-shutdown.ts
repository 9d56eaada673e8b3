import { randomInt } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasListened, stopAccepting, stoppedAcceptingAt } from './ops/accept-sockets.ts';

/**
 * How long a closing process keeps its open connections after it stops accepting new ones: a
 * request that arrives on one meanwhile is answered, with `Connection: close`, so the client
 * closes that connection knowing it is done. Node's own close ends every idle connection at once,
 * and a client that had just sent a request on one (a fresh connection the process had accepted
 * but not yet read, or a kept-alive one) saw it reset: failed requests in a rolling restart.
 */
const DRAIN_MS = 1000;

/**
 * A process that stopped accepting (a rolling restart's old one) closes each keep-alive
 * connection after an answer, so the clients' pooled connections move to the new processes
 * before its event streams come back (decision 034). Each at its own moment within the window:
 * every pooled connection carries a ping within a second, and closing each after its next answer
 * moved them all to the new, still cold processes in that second (decision 047). The window
 * starts when the process stopped accepting, not at a connection's first answer after it, so a
 * slow first answer cannot carry its connection past the window's end.
 */
function keepAliveMover(windowMs: number): (socket: Socket, stoppedAt: number) => boolean {
  const moveAt = new WeakMap<Socket, number>();
  return (socket, stoppedAt) => {
    let at = moveAt.get(socket);
    if (at === undefined) {
      at = stoppedAt + randomInt(windowMs + 1);
      moveAt.set(socket, at);
    }
    return Date.now() >= at;
  };
}

/**
 * What a graceful shutdown (`app.close()`, which main.ts calls on SIGTERM) waits for before the
 * database closes.
 *
 * Fastify's own close runs before any `onClose` hook of ours: it stops listening and waits for
 * every connection to end; requests that still arrive are served with `Connection: close`
 * (`return503OnClosing` is off in app.ts, so a rolling restart counts no 503). Two things get past
 * it, and are handled here:
 * - a keep-alive connection that was busy when the shutdown began stays open after its answer, so
 *   the close waits on the client, or on the 72 s keep-alive timeout long after main.ts has given up
 *   and exited without closing anything: once closing, every answer says `Connection: close`;
 * - a request whose client hung up has no connection left to wait for, yet its route runs on and
 *   would query a closed database: requests are counted from onRequest until their route has
 *   answered, and `settled()` resolves once none is left.
 * A listening process first stops accepting (a rolling restart's old process did already) and
 * serves its open connections for DRAIN_MS.
 *
 * `moveWindowMs`: once a process stops accepting and before it shuts down, each keep-alive
 * connection is closed after its first answer past a random moment within this window.
 */
export function trackRequestsInFlight(
  app: FastifyInstance,
  moveWindowMs: number,
): { settled(): Promise<void> } {
  const inFlight = new Map<FastifyRequest, FastifyReply>();
  let closing = false;
  let whenSettled: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) whenSettled?.();
  };

  let draining = false;
  // Root hooks run before those of plugins: this is set before the event streams are ended.
  app.addHook('preClose', async () => {
    closing = true;
    if (!hasListened(app.server)) return;
    draining = true;
    // Stops accepting, without Node's close of every idle connection (http.Server's close does it).
    stopAccepting(app.server);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    draining = false;
  });
  app.addHook('onRequest', (request, reply, done) => {
    inFlight.set(request, reply);
    done();
  });
  const movesNow = keepAliveMover(moveWindowMs);
  // The route has answered, an error answer included: nothing of it runs after this.
  app.addHook('onSend', (request, reply, payload, done) => {
    const stoppedAt = stoppedAcceptingAt(app.server);
    if (closing || (stoppedAt !== undefined && movesNow(request.raw.socket, stoppedAt))) {
      reply.header('connection', 'close');
    }
    finished(request);
    done(null, payload);
  });
  // One sweep of the idle connections per event-loop turn, however many answers ended in it:
  // each sweep walks every connection, and a sweep per answer made ending thousands of event
  // streams quadratic, so a process with 12,500 of them was still sweeping when main.ts gave up
  // and exited without closing its database.
  let sweepQueued = false;
  const sweepIdleConnections = () => {
    if (sweepQueued) return;
    sweepQueued = true;
    setImmediate(() => {
      sweepQueued = false;
      app.server.closeIdleConnections();
    });
  };
  // A hijacked reply (the event stream) has no onSend: it ends here, or at the abort below.
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    // An answer whose headers left before the shutdown began kept its connection alive.
    if (closing && !draining) sweepIdleConnections();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    if (inFlight.get(request)?.sent) finished(request);
    done();
  });

  return {
    settled() {
      if (inFlight.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        whenSettled = resolve;
      });
    },
  };
}
