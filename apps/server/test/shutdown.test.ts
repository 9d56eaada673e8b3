import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { stopAccepting } from '#server/ops/accept-sockets.ts';
import { login, signedUpUser } from './accounts.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { openStream } from './streams.ts';

/**
 * A graceful shutdown (SIGTERM in main.ts calls `app.close()`) on a listening server: it stops
 * accepting, answers what it accepted, then stops the background work and closes the database.
 */

const REQUESTS = 60;
/** Both use the database: one query, and a list page of several. */
const PATHS = ['/api/health', '/api/community/posts?sort=new'];

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A GET over the agent's keep-alive connections; a socket error becomes the answer. */
function get(agent: Agent, url: string) {
  return new Promise<{ status: number | string; headers: IncomingHttpHeaders }>((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (error) => resolve({ status: error.message, headers: {} }));
    req.end();
  });
}

/** Calls `record` when the app closes its database, just before it does. */
function onDatabaseClose(t: TestApp, record: () => void) {
  const close = t.database.close;
  t.database.close = async () => {
    record();
    await close();
  };
}

describe('graceful shutdown', () => {
  it('answers every request it had accepted, with Connection: close, and then closes the database', async () => {
    const t = await createTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: REQUESTS });
    try {
      const allAccepted = deferred();
      const shutdownBegan = deferred();
      let accepted = 0;
      let answered = 0;
      t.app.addHook('onRequest', async () => {
        accepted += 1;
        if (accepted === REQUESTS) allAccepted.resolve();
      });
      // Every accepted request waits for the shutdown to begin, so all of them are in flight in it.
      t.app.addHook('preHandler', () => shutdownBegan.promise);
      t.app.addHook('preClose', async () => shutdownBegan.resolve());
      t.app.addHook('onResponse', async () => {
        answered += 1;
      });
      let answeredWhenDatabaseClosed = -1;
      onDatabaseClose(t, () => {
        answeredWhenDatabaseClosed = answered;
      });
      const origin = await listen(t);

      const responses = Array.from({ length: REQUESTS }, (_, i) =>
        get(agent, `${origin}${PATHS[i % PATHS.length]}`),
      );
      await allAccepted.promise;
      const shutdown = t.close();
      const answers = await Promise.all(responses);

      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // Else each keep-alive connection stays open after its answer, and the shutdown waits on
      // clients (or Fastify's 72 s keep-alive timeout) until main.ts gives up and exits with 1.
      expect(answers.map((answer) => answer.headers.connection)).toEqual(
        answers.map(() => 'close'),
      );
      // The agent still holds its connections: the shutdown ends without the client's help.
      await shutdown;
      expect(answeredWhenDatabaseClosed).toBe(REQUESTS);
    } finally {
      agent.destroy();
    }
  });

  it('once it stops accepting (a rolling restart), closes each keep-alive connection after its answer, and serves on', async () => {
    // No window: every connection's moment has come at once.
    const t = await createTestApp({ env: { EVENTS_RECONNECT_WINDOW_MS: '0' } });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const base = await listen(t);
      const before = await get(agent, `${base}/api/health`);
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');
      stopAccepting(t.app.server);
      // The open connection is still served, and told to close after this answer.
      const after = await get(agent, `${base}/api/health`);
      expect(after.status).toBe(200);
      expect(after.headers.connection).toBe('close');
      // No new connection is accepted.
      expect((await get(new Agent(), `${base}/api/health`)).status).toBe(
        `connect ECONNREFUSED ${base.slice(7)}`,
      );
    } finally {
      agent.destroy();
      await t.close();
    }
  });

  it('counts the window from when it stopped accepting: a connection first answered late still moves by its end', async () => {
    // Nothing asked for half the window: each connection's first answer after the stop is late.
    const { first, later } = await keepAliveMoves(1000, 500);
    expect(first.map((answer) => answer.status)).toEqual(first.map(() => 200));
    expect(later.map((answer) => answer.headers.connection)).toEqual(later.map(() => 'close'));
  });

  it('once it stops accepting, moves its keep-alive connections over the window, not all at their next answer', async () => {
    const { first, later } = await keepAliveMoves(1500, 0);
    expect(first.map((answer) => answer.status)).toEqual(first.map(() => 200));
    const movedAtOnce = first.filter((answer) => answer.headers.connection === 'close').length;
    // Each connection has its own moment in the window: few, if any, have come already.
    expect(movedAtOnce).toBeLessThan(first.length / 2);
    // Past the window, every connection still open is closed after its next answer.
    expect(later.map((answer) => [answer.status, answer.headers.connection])).toEqual(
      later.map(() => [200, 'close']),
    );
  });

  it('ends many open event streams with one sweep of idle connections per turn, not one per stream', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const origin = await listen(t);
      // Five streams per session is the most one session may hold.
      const cookies = [await signedUpUser(t.app, 'many-streams@example.com')];
      while (cookies.length < 10) cookies.push(await login(t.app, 'many-streams@example.com'));
      const streams = await Promise.all(
        cookies.flatMap((cookie) => Array.from({ length: 5 }, () => openStream(origin, cookie))),
      );
      expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
      let sweeps = 0;
      const sweep = t.app.server.closeIdleConnections.bind(t.app.server);
      t.app.server.closeIdleConnections = () => {
        sweeps += 1;
        sweep();
      };
      // The clients keep their connections open: the server ends each after its stream's end.
      await t.close();
      closed = true;
      expect(await Promise.all(streams.map((stream) => stream.closed))).toEqual(
        streams.map(() => true),
      );
      expect(streams.every((stream) => stream.text().includes('event: reconnect'))).toBe(true);
      // Each sweep walks every connection: one per ended stream made a shutdown quadratic.
      expect(sweeps).toBeLessThan(streams.length / 5);
    } finally {
      if (!closed) await t.close();
    }
  });

  it('lets a request whose client hung up finish before the database closes', async () => {
    const t = await createTestApp();
    const received = deferred();
    const abandoned = deferred();
    const release = deferred();
    let answer: number | null = null;
    t.app.addHook('onRequest', async () => received.resolve());
    t.app.addHook('onRequestAbort', async (_request) => abandoned.resolve());
    t.app.addHook('preHandler', () => release.promise);
    // What the route answered, though nobody is left to read it.
    t.app.addHook('onSend', async (_request, reply) => {
      answer = reply.statusCode;
    });
    // The held request goes on once the shutdown has stopped the realtime hub: by then the server
    // has stopped listening and has no connection left, so only its own bookkeeping waits for it.
    const closeHub = t.app.realtime.close;
    t.app.realtime.close = async () => {
      await closeHub();
      release.resolve();
    };
    let answerWhenDatabaseClosed: number | null = null;
    onDatabaseClose(t, () => {
      answerWhenDatabaseClosed = answer;
    });
    const origin = await listen(t);

    const req = request(`${origin}${PATHS[1]}`);
    req.on('error', () => {});
    req.end();
    await received.promise;
    req.destroy();
    await abandoned.promise;
    await t.close();

    expect(answerWhenDatabaseClosed).toBe(200);
  });
});

/**
 * Sixteen keep-alive connections to a server that then stops accepting: each asks once `waitMs`
 * after the stop (`first`), and those still open ask again just past the window (`later`).
 */
async function keepAliveMoves(windowMs: number, waitMs: number) {
  const t = await createTestApp({ env: { EVENTS_RECONNECT_WINDOW_MS: String(windowMs) } });
  const agents = Array.from({ length: 16 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  try {
    const base = await listen(t);
    for (const agent of agents) await get(agent, `${base}/api/health`);
    stopAccepting(t.app.server);
    const stoppedAt = Date.now();
    await sleep(waitMs);
    const first = await Promise.all(agents.map((agent) => get(agent, `${base}/api/health`)));
    await sleep(stoppedAt + windowMs + 50 - Date.now());
    const open = agents.filter((_, i) => first[i]?.headers.connection !== 'close');
    const later = await Promise.all(open.map((agent) => get(agent, `${base}/api/health`)));
    return { first, later };
  } finally {
    for (const agent of agents) agent.destroy();
    await t.close();
  }
}
