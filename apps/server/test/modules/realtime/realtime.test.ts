import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { realtimeBatches } from '#server/db/schema.ts';
import { BATCHES_CHANNEL, batchPublished, type Envelope } from '#server/modules/realtime/hub.ts';
import { adminCookie, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import {
  createTestApp,
  makeWebDist,
  openAgain,
  SAME_ORIGIN,
  type TestApp,
} from '#server-test/helper.ts';
import { openStream, stillOpenAfter } from '#server-test/streams.ts';

/** A batch of events on its own, as the statements that change what they tell of send one. */
async function publishBatch(db: TestApp['database']['db'], envelopes: Envelope[]) {
  await db.execute(sql`
    WITH events AS (SELECT ${JSON.stringify(envelopes)}::text AS payload), ${batchPublished}
    SELECT count(*) FROM notified`);
}

/**
 * Decision 008: an event published by one process reaches an SSE client connected to another
 * process on the same database (two app instances here, one database).
 */
describe('GET /api/events', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    first = await createTestApp();
    // A second instance on the same database, with its own connections (on PostgreSQL) and clients.
    const handle = first.database;
    second = await buildApp({
      config: { ...first.config, webDistDir: await makeWebDist() },
      database: await openAgain(handle),
      logger: false,
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const idOf = (email: string) => userIdOf(first.database.db, email);

  it('refuses visitors', async () => {
    const response = await second.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('delivers a balance change made on one instance to a stream on the other', async () => {
    const cookie = await signedUpUser(first.app, 'listener@example.com');
    const userId = await idOf('listener@example.com');
    const { port } = second.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!received.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      return received.includes(needle);
    };
    expect(await readUntil(': connected')).toBe(true);

    const admin = await adminCookie(first.app);
    const adjusted = await first.app.inject({
      method: 'POST',
      url: `/api/admin/wallets/${userId}/adjust`,
      headers: { origin: SAME_ORIGIN, cookie: admin },
      payload: { mode: 'add', amount: '2.5' },
    });
    expect(adjusted.statusCode).toBe(200);
    expect(await readUntil('"type":"ledger"')).toBe(true);
    const events = received
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    // One event per change of a balance (decision 020), whoever made it.
    expect(events.filter((event) => event.type === 'ledger')).toEqual([
      {
        type: 'ledger',
        balance: '2.50000000',
        transaction: {
          id: expect.any(String),
          amount: '2.50000000',
          type: 'ADMIN_ADJUSTMENT',
          description: 'Adjusted by an admin',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
        mining: null,
      },
    ]);
    controller.abort();
  });

  it('carries a small batch in its NOTIFY and a large one in a row, and delivers them in the order they were sent', async () => {
    const cookie = await signedUpUser(first.app, 'batches@example.com');
    const userId = await idOf('batches@example.com');
    const { port } = second.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}`, cookie, 5000);
    const rows = async () =>
      (await first.database.db.select({ rows: count() }).from(realtimeBatches))[0]?.rows ?? 0;
    const rowsBefore = await rows();
    const mining = (sessionId: string, active: boolean): Envelope => ({
      userId,
      event: { type: 'mining', active, sessionId },
    });
    const [large, small] = [randomUUID(), randomUUID()];
    // Many other users' events around this user's first one: far more than a NOTIFY may carry.
    const others = Array.from({ length: 100 }, () => ({
      ...mining(randomUUID(), true),
      userId: randomUUID(),
    }));
    await publishBatch(first.database.db, [...others, mining(large, true)]);
    await publishBatch(first.database.db, [mining(small, false)]);
    await stillOpenAfter(stream, 1500);
    await stream.cancel();
    const sessions = stream
      .text()
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice(6)) as { sessionId?: string }).sessionId);
    // The small batch's event, carried in its NOTIFY, waited for the large one's row to be read.
    expect(sessions).toEqual([large, small]);
    // Only the large batch needed a row.
    expect(await rows()).toBe(rowsBefore + 1);
  });

  it('keeps a newer stream of a user when an older one is removed twice (its end, then its close)', () => {
    const stream = (sessionHash: string) => ({
      userId: 'same-user',
      sessionHash,
      send: () => {},
      end: () => {},
    });
    const removeOld = second.realtime.subscribe(stream('old'));
    removeOld();
    second.realtime.subscribe(stream('new'));
    removeOld();
    expect(second.realtime.streamsOfSession('same-user', 'new')).toBe(1);
  });

  it('goes on delivering after a notification it cannot hand to anyone', async () => {
    const cookie = await signedUpUser(first.app, 'unbroken@example.com');
    const userId = await idOf('unbroken@example.com');
    const { port } = second.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}`, cookie, 5000);
    // Valid JSON, but not a list of envelopes: anything with the database's password can send it.
    for (const payload of ['[null]', '[{"userId":1}]', '[{"userId":"x","event":1}]']) {
      await first.database.db.execute(sql`SELECT pg_notify(${BATCHES_CHANNEL}, ${payload})`);
    }
    const sessionId = randomUUID();
    await publishBatch(first.database.db, [
      { userId, event: { type: 'mining', active: true, sessionId } },
    ]);
    await stillOpenAfter(stream, 1500);
    await stream.cancel();
    expect(stream.text()).toContain(sessionId);
  });

  it('closes the connection of a stream it ends, so the client opens its next one afresh', async () => {
    const cookie = await signedUpUser(first.app, 'reconnecting@example.com');
    const { port } = second.server.address() as AddressInfo;
    // A keep-alive pool, as a browser has: a connection handed back after the stream ended would
    // be reused for the reopen, racing the server's close of it (a closing process sweeps its
    // idle connections), and that request would fail with a reset.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(`http://127.0.0.1:${port}/api/events`, { agent, headers: { cookie } }, resolve)
          .on('error', reject),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers.connection).toBe('close');
      const socketClosed = once(response.socket, 'close');
      response.resume();
      const ended = once(response, 'end');
      // Signed out on the other instance: the stream ends.
      const signedOut = await first.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: SAME_ORIGIN, cookie },
      });
      expect(signedOut.statusCode).toBe(204);
      await ended;
      await socketClosed;
      expect(Object.keys(agent.freeSockets)).toEqual([]);
    } finally {
      agent.destroy();
    }
  });
});
