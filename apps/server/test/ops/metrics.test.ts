import { once } from 'node:events';
import type { Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '#server/modules/mail/queue.ts';
import { startMetricsServer } from '#server/ops/metrics-server.ts';
import { adminCookie, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';
import { openStream } from '#server-test/streams.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

const silent = { info: () => {}, error: () => {} };

/** One sample's value from Prometheus text: `name{labels} value`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return null;
}

let t: TestApp;
let server: Server;
let metricsUrl: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: String(await freePort()) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const started = await startMetricsServer(t.config, silent, t.app.metrics);
  if (!started) throw new Error('the metrics listener did not start');
  server = started;
  const address = server.address() as AddressInfo;
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

describe('the metrics listener', () => {
  it('listens on 127.0.0.1 by default, on its own port: /metrics on the public port is a 404', async () => {
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('times each request under its route pattern, method and status class; unknown paths share one label', async () => {
    const route = { route: '/api/blog/posts/:id', method: 'GET', status_class: '4xx' };
    const before = sample(await scrape(), 'btcp_http_request_duration_seconds_count', route) ?? 0;
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ url: `/api/blog/posts/${crypto.randomUUID()}` });
    }
    await t.app.inject({ url: '/api/no-such-thing/123' });
    await t.app.inject({ method: 'POST', url: '/api/also-missing', headers: sameOrigin });
    const text = await scrape();
    expect(sample(text, 'btcp_http_request_duration_seconds_count', route)).toBe(before + 3);
    expect(
      sample(text, 'btcp_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(before + 3);
    expect(
      sample(text, 'btcp_http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-thing');
    expect(text).not.toContain('also-missing');
  });

  it('reports Node’s own figures: event-loop lag and heap', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts open event streams: 1 while one is open, 0 once it closes', async () => {
    const cookie = await signedUpUser(t.app, 'streamer@example.com');
    expect(sample(await scrape(), 'btcp_event_streams_open')).toBe(0);
    const stream = await openStream(baseUrl, cookie);
    expect(stream.status).toBe(200);
    expect(sample(await scrape(), 'btcp_event_streams_open')).toBe(1);
    // The server ends it (as at a revocation or a shutdown).
    t.app.realtime.endAll();
    expect(await stream.closed).toBe(true);
    for (let waited = 0; sample(await scrape(), 'btcp_event_streams_open') !== 0; waited += 50) {
      if (waited > 5000) throw new Error('the stream was still counted 5 s after it closed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A stream's life is not timed as a request.
    expect(await scrape()).not.toContain('route="/api/events"');
  });

  it('adds up what the ledger credits, by type', async () => {
    const admin = await adminCookie(t.app);
    const cookie = await signedUpUser(t.app, 'credited@example.com');
    expect(cookie).toBeTruthy();
    const userId = await userIdOf(t.database.db, 'credited@example.com');
    const type = { type: 'ADMIN_ADJUSTMENT' };
    const before = sample(await scrape(), 'btcp_ledger_credited_btcp_total', type) ?? 0;
    const adjusted = await post(
      t.app,
      `/api/admin/wallets/${userId}/adjust`,
      { mode: 'add', amount: '12.5' },
      admin,
    );
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(sample(await scrape(), 'btcp_ledger_credited_btcp_total', type)).toBeCloseTo(
      before + 12.5,
      8,
    );
  });
});

describe('the database figures', () => {
  it('reads miners online and the mail queue from the database, at most every few seconds', async () => {
    // A fresh app: its figures are read once, at the first scrape after this data is written.
    const fresh = await createTestApp({ env: { METRICS_PORT: String(await freePort()) } });
    try {
      const cookie = await signedUpUser(fresh.app, 'miner@example.com');
      expect((await post(fresh.app, '/api/mining/start', undefined, cookie)).statusCode).toBe(201);
      await fresh.app.mailDrainer.stop();
      const tenMinutesAgo = new Date(fresh.app.clock.now().getTime() - 600_000);
      await enqueueMail(fresh.database.db, 'verify_email', 'late@example.com', tenMinutesAgo);
      const text = (await fresh.app.metrics?.metrics()) ?? '';
      expect(sample(text, 'btcp_mining_sessions_active')).toBe(1);
      expect(sample(text, 'btcp_mail_queue_depth')).toBe(1);
      expect(sample(text, 'btcp_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
      expect(sample(text, 'btcp_rewards_overdue_seconds')).toBe(0);
      expect(sample(text, 'btcp_database_round_trip_seconds')).toBeGreaterThan(0);
      expect(sample(text, 'btcp_crediting_lag_seconds')).not.toBeNull();
      expect(sample(text, 'btcp_crediting_last_tick_rows')).toBe(0);
      expect(sample(text, 'btcp_notify_listener_reconnects_total')).toBe(0);
      const pooled = sample(text, 'btcp_db_pool_connections', { state: 'total' });
      // PGlite has one connection and no pool: the pool's figures are left out there.
      if (fresh.database.kind === 'postgres') expect(pooled).toBeGreaterThan(0);
      else expect(pooled).toBeNull();
      // A scrape right after reads the same figures, not the database again.
      await enqueueMail(fresh.database.db, 'verify_email', 'later@example.com', tenMinutesAgo);
      expect(sample((await fresh.app.metrics?.metrics()) ?? '', 'btcp_mail_queue_depth')).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('with METRICS_PORT unset', () => {
  it('collects nothing and listens nowhere', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.metrics).toBeNull();
      expect(await startMetricsServer(off.config, silent, off.app.metrics)).toBeNull();
    } finally {
      await off.close();
    }
  });
});
