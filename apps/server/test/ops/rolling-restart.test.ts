import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startServer, workerPids } from '../server-process.ts';

const MINERS = 6;
/** Request loops running at once, each on a keep-alive connection of its own. */
const LOOPS = 6;
const COOKIE = 'btcp_session';
/** EVENTS_RECONNECT_WINDOW_MS: longer than a quiet process takes to hand its streams over. */
const WINDOW_MS = 3000;

/** Signed-in users written straight into the server's database; returns their session tokens. */
async function seedUsers(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    for (const [i, token] of tokens.entries()) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO users (id, email, password_hash, email_verified_at) VALUES ($1, $2, 'x', now())`,
        [id, `roll-${i}@test.local`],
      );
      await client.query('INSERT INTO profiles (id, referral_code) VALUES ($1, $2)', [
        id,
        `ROLLTST${'ABCDEFGHJK'[i] ?? 'Z'}`,
      ]);
      await client.query('INSERT INTO wallets (user_id) VALUES ($1)', [id]);
      await client.query(
        `INSERT INTO sessions (token_hash, kind, user_id, expires_at)
         VALUES ($1, 'user', $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
    }
    return tokens;
  } finally {
    await client.end();
  }
}

/**
 * One request over a keep-alive pool. A request that fails on a reused connection before any
 * answer is sent once more, as browsers do: the server may close an idle connection just as the
 * request leaves, and nothing of it was processed.
 */
function send(agent: http.Agent, url: string, method: string, token: string, body?: unknown) {
  const attempt = () =>
    new Promise<number>((resolve, reject) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            cookie: `${COOKIE}=${token}`,
            origin: new URL(url).origin,
            ...(payload && { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', (error) =>
        reject(Object.assign(error, { reused: request.reusedSocket })),
      );
      request.end(payload);
    });
  return attempt().catch((error: Error & { reused?: boolean }) => {
    if (error.reused) return attempt();
    throw error;
  });
}

/**
 * A browser tab's event stream: it reopens whenever the server ends it with a `reconnect` event,
 * after the `retry` the server gave. `problems` lists anything else: a refused open, or a stream
 * that ended without being told to come back.
 */
function keepStreamOpen(base: string, token: string) {
  const state = {
    reconnects: 0,
    opens: 0,
    open: false,
    problems: [] as string[],
    done: false,
    /** What the stream now open has carried. */
    text: '',
  };
  let current: http.ClientRequest | null = null;
  const open = () => {
    if (state.done) return;
    current = http.get(
      `${base}/api/events`,
      { headers: { cookie: `${COOKIE}=${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          state.problems.push(`open ${response.statusCode}`);
          response.resume();
          return;
        }
        state.opens += 1;
        state.open = true;
        state.text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          state.text += chunk;
        });
        response.on('close', () => {
          state.open = false;
          if (state.done) return;
          const retry = /retry: (\d+)\nevent: reconnect/.exec(state.text);
          if (!retry) {
            state.problems.push('stream ended without a reconnect event');
            return;
          }
          state.reconnects += 1;
          setTimeout(open, Number(retry[1]));
        });
      },
    );
    current.on('error', (error) => {
      if (!state.done) state.problems.push(`stream ${error.message}`);
    });
  };
  open();
  return {
    state,
    close() {
      state.done = true;
      current?.destroy();
    },
  };
}

/**
 * A stream opened over HTTP/1.0, as a proxy that keeps its default (nginx's) asks for it: the
 * answer is not chunked, and its body ends with the connection.
 */
function http10Stream(port: number, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { text: '', closed: false };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    state.text += chunk;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  socket.write(`GET /api/events HTTP/1.0\r\nHost: 127.0.0.1\r\nCookie: ${COOKIE}=${token}\r\n\r\n`);
  return { state, close: () => socket.destroy() };
}

const until = async (
  what: string,
  condition: () => boolean,
  withinMs: number,
  /** What the failure should show of the state it waited on. */
  details: () => string = () => '',
) => {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > withinMs) throw new Error(`timed out waiting: ${what} ${details()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('SIGHUP: a rolling restart of the server processes', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'replaces every process while pings and requests go on: none fails, and every stream is handed to a new process, stays open and goes on carrying events',
    async () => {
      const server = await startServer({
        WEB_CONCURRENCY: '2',
        EVENTS_RECONNECT_WINDOW_MS: String(WINDOW_MS),
      });
      const base = `http://127.0.0.1:${server.port}`;
      const workers = () => workerPids(server.child.pid);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const streams: ReturnType<typeof keepStreamOpen>[] = [];
      const cleanUps: (() => void)[] = [];
      try {
        expect(await server.healthy()).toBe(true);
        const tokens = await seedUsers(server.databaseUrl ?? '', MINERS);
        const sessions: string[] = [];
        for (const token of tokens) {
          streams.push(keepStreamOpen(base, token));
          const started = await fetch(`${base}/api/mining/start`, {
            method: 'POST',
            headers: { cookie: `${COOKIE}=${token}`, origin: base },
          });
          expect(started.status).toBe(201);
          sessions.push(((await started.json()) as { id: string }).id);
        }
        await until('every stream open', () => streams.every((s) => s.state.open), 10_000);
        const plain = http10Stream(server.port, tokens[1] ?? '');
        cleanUps.push(plain.close);
        await until(
          'the HTTP/1.0 stream open',
          () => plain.state.text.includes(': connected'),
          10_000,
        );
        const before = workers();
        expect(before).toHaveLength(2);

        // Every miner pings in turn, with a health check between, on several connections at
        // once (so requests are in flight as a process closes), until told to stop.
        const outcomes = { answered: 0, failed: [] as string[] };
        let looping = true;
        const loop = async (offset: number) => {
          for (let i = offset; looping; i += LOOPS) {
            const miner = i % MINERS;
            const token = tokens[miner] ?? '';
            const body = { sessionId: sessions[miner] };
            for (const [path, expected] of [
              ['/api/mining/ping', 204],
              ['/api/health', 200],
            ] as const) {
              const post = path === '/api/mining/ping';
              const status = await send(
                agent,
                `${base}${path}`,
                post ? 'POST' : 'GET',
                token,
                post ? body : undefined,
              ).catch((error: Error) => error.message);
              if (status === expected) outcomes.answered += 1;
              else outcomes.failed.push(`${path}: ${status}`);
            }
          }
        };
        const loops = Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(i)));

        await new Promise((resolve) => setTimeout(resolve, 500));
        server.child.kill('SIGHUP');
        // Every new process is ready before an old one leaves: all four run together once.
        let mostAtOnce = 0;
        const gone = new Map<string, number>();
        await until(
          'both processes replaced',
          () => {
            const now = workers();
            mostAtOnce = Math.max(mostAtOnce, now.length);
            for (const pid of before)
              if (!now.includes(pid) && !gone.has(pid)) gone.set(pid, Date.now());
            // Decided on the same reading: a second one could see an exit the loop above missed.
            return now.length === 2 && now.every((pid) => !before.includes(pid));
          },
          60_000,
        );
        expect(mostAtOnce).toBe(4);
        // One after the other: the second is asked once every stream of the first has gone.
        // Here each was handed over at once, so neither waits out its window (decision 043).
        expect(gone.size).toBe(2);
        const [first = 0, second = 0] = [...gone.values()].sort((a, b) => a - b);
        expect(second).toBeGreaterThan(first);
        expect(second - first).toBeLessThan(WINDOW_MS);
        // Handed to a new process, not ended: each stream is told to refetch what it may have
        // missed meanwhile (decision 042).
        await until(
          'every stream told to refetch',
          () =>
            [...streams.map((s) => s.state.text), plain.state.text].every((text) =>
              text.includes('event: resync\ndata: '),
            ),
          10_000,
          () => JSON.stringify(streams.map((s) => s.state)),
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        looping = false;
        await loops;

        expect(outcomes.failed).toEqual([]);
        expect(outcomes.answered).toBeGreaterThan(20);
        expect(streams.flatMap((s) => s.state.problems)).toEqual([]);
        expect(streams.map((s) => [s.state.opens, s.state.reconnects, s.state.open])).toEqual(
          streams.map(() => [1, 0, true]),
        );
        // The new processes carry the streams on: each hears its miner's Stop.
        for (const [i, token] of tokens.entries()) {
          const stopped = await send(agent, `${base}/api/mining/stop`, 'POST', token, {
            sessionId: sessions[i],
          });
          expect(stopped).toBe(200);
        }
        await until(
          "every stream carried its miner's Stop",
          () =>
            [...streams.map((s) => s.state.text), plain.state.text].every((text) =>
              text.includes('"active":false'),
            ),
          10_000,
          () => JSON.stringify(streams.map((s) => s.state.text)),
        );
        // The HTTP/1.0 stream was carried on unframed, as it began, and is still open.
        const [head = '', body = ''] = plain.state.text.split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 200/);
        expect(head.toLowerCase()).not.toContain('transfer-encoding');
        expect(body).not.toMatch(/\r\n/);
        expect(plain.state.closed).toBe(false);
        // Each old process let go of its streams and finished in time, not killed by its timer.
        expect(server.output()).not.toMatch(/took too long|error while shutting down/);
        // And a session that ends ends its handed-over stream, as it would any other.
        const [leaving] = streams;
        const signedOut = await send(agent, `${base}/api/auth/logout`, 'POST', tokens[0] ?? '');
        expect(signedOut).toBe(204);
        await until('the signed-out stream ended', () => leaving?.state.open === false, 10_000);

        server.child.kill('SIGTERM');
        const [code] = await once(server.child, 'exit');
        expect(code).toBe(0);
      } finally {
        for (const cleanUp of cleanUps) cleanUp();
        for (const stream of streams) stream.close();
        agent.destroy();
        await server.cleanUp();
      }
    },
    120_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'SUPERVISE with one process: SIGHUP replaces it while a miner pings, none fails and its stream is handed over; one killed is started again',
    async () => {
      const server = await startServer({
        WEB_CONCURRENCY: '1',
        SUPERVISE: 'true',
        EVENTS_RECONNECT_WINDOW_MS: '1000',
      });
      const base = `http://127.0.0.1:${server.port}`;
      const workers = () => workerPids(server.child.pid);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      let stream: ReturnType<typeof keepStreamOpen> | null = null;
      try {
        expect(await server.healthy()).toBe(true);
        const [token = ''] = await seedUsers(server.databaseUrl ?? '', 1);
        stream = keepStreamOpen(base, token);
        const opened = stream;
        const started = await fetch(`${base}/api/mining/start`, {
          method: 'POST',
          headers: { cookie: `${COOKIE}=${token}`, origin: base },
        });
        expect(started.status).toBe(201);
        const body = { sessionId: ((await started.json()) as { id: string }).id };
        await until('the stream open', () => opened.state.open, 10_000);
        const [first] = workers();
        expect(workers()).toHaveLength(1);

        const failed: string[] = [];
        let answered = 0;
        let looping = true;
        const loop = async () => {
          while (looping) {
            const status = await send(agent, `${base}/api/mining/ping`, 'POST', token, body).catch(
              (error: Error) => error.message,
            );
            if (status === 204) answered += 1;
            else failed.push(String(status));
          }
        };
        const loops = Promise.all([loop(), loop(), loop()]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGHUP');
        let mostAtOnce = 0;
        await until(
          'the process replaced',
          () => {
            const now = workers();
            mostAtOnce = Math.max(mostAtOnce, now.length);
            return now.length === 1 && now[0] !== first;
          },
          60_000,
        );
        await until(
          'the stream told to refetch',
          () => opened.state.text.includes('event: resync'),
          10_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        looping = false;
        await loops;
        // The new process was ready before the old one left, and no ping went unanswered.
        expect(mostAtOnce).toBe(2);
        expect(failed).toEqual([]);
        expect(answered).toBeGreaterThan(20);
        expect([opened.state.opens, opened.state.reconnects, opened.state.open]).toEqual([
          1,
          0,
          true,
        ]);

        // A process that dies is started again, as one of several is.
        const [second = ''] = workers();
        process.kill(Number(second), 'SIGKILL');
        await until(
          'another process started',
          () => workers().length === 1 && workers()[0] !== second,
          30_000,
        );
        expect(await server.healthy()).toBe(true);
      } finally {
        stream?.close();
        agent.destroy();
        await server.cleanUp();
      }
    },
    120_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'queues a SIGHUP that arrives during a roll: one more roll follows, and the server keeps answering',
    async () => {
      const server = await startServer({
        WEB_CONCURRENCY: '2',
        EVENTS_RECONNECT_WINDOW_MS: '1000',
      });
      const workers = () => workerPids(server.child.pid);
      try {
        expect(await server.healthy()).toBe(true);
        const seen = new Set(workers());
        server.child.kill('SIGHUP');
        await new Promise((resolve) => setTimeout(resolve, 200));
        server.child.kill('SIGHUP');
        // Two rolls of two processes: six different processes in all, two of them left.
        await until(
          'two rolls',
          () => {
            for (const pid of workers()) seen.add(pid);
            return seen.size >= 6 && workers().length === 2;
          },
          90_000,
        );
        expect(seen.size).toBe(6);
        expect(await server.healthy()).toBe(true);
        expect(server.output()).toContain('rolling restart already running');
      } finally {
        await server.cleanUp();
      }
    },
    120_000,
  );
});
