import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOverHttp,
  cheapenSignUps,
  memberOverHttp,
  miningLedger,
  type Site,
  send,
} from './http-journeys.ts';
import { workerPids } from './server-process.ts';

/** `npm run topology`'s module (scripts/topology), loaded by path: it lives outside the server. */
type TopologyModule = typeof import('../../../scripts/topology/index.mjs');
type Topology = Awaited<ReturnType<TopologyModule['startTopology']>>;
const { missingPrerequisites, STATE_DIR, startTopology, stopTopology } = (await import(
  pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/topology/index.mjs')).href
)) as TopologyModule;

/**
 * Several machines (decision 054): three app nodes behind HAProxy, on PostgreSQL through PgBouncer
 * in transaction mode, 0.5 ms each way from the database, each node a host of its own
 * (scripts/topology). It runs its own PostgreSQL, so it runs once, in the PostgreSQL pass of
 * .ci/run; it needs Linux, root, haproxy and pgbouncer.
 */
const skipReason = process.env.TEST_DATABASE_URL
  ? missingPrerequisites()
  : 'runs in the PostgreSQL pass (TEST_DATABASE_URL set): it starts a PostgreSQL server of its own';
if (skipReason) console.warn(`topology.test.ts skipped: ${skipReason}`);

/** HAProxy checks every half second here, so that a node leaves and returns within a test's time. */
const CHECK_INTERVAL_MS = 500;

let topology: Topology;
let site: Site;
const outboxes = () => [1, 2, 3].map((n) => path.join(STATE_DIR, `node${n}`, 'outbox'));

/** Until `check` holds, polling; the seconds it took, or a failure after `timeoutMs`. */
async function secondsUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(100);
  }
  return (Date.now() - started) / 1000;
}

const statusOf = async (node: string) => (await topology.balancer())[node]?.status ?? '';

/** GET /api/health through the balancer every 50 ms until stopped: the failures, with their times. */
function steadyRequests() {
  const failures: number[] = [];
  let running = true;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      const response = await send(site, 'GET', '/api/health').catch(() => null);
      if (response?.status === 200) answered += 1;
      else failures.push(Date.now());
      await sleep(50);
    }
  })();
  return {
    failures,
    answered: () => answered,
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe.skipIf(skipReason)('several machines: nodes, HAProxy, PgBouncer, a wire', () => {
  beforeAll(async () => {
    topology = await startTopology({ delayMs: 0.5, checkIntervalMs: CHECK_INTERVAL_MS });
    site = { url: topology.url, origin: topology.url };
    await cheapenSignUps(topology.databaseUrl);
  }, 90_000);
  afterAll(() => stopTopology());

  it('serves a member from sign-up to Stop through the balancer, every node taking a share, each reward paid once', async () => {
    const admin = await adminOverHttp(site);
    const settings = await send(site, 'GET', '/api/admin/settings/mining', { cookie: admin });
    const saved = await send(site, 'PUT', '/api/admin/settings/mining', {
      cookie: admin,
      body: { ...settings.json(), rewardIntervalSeconds: 1 },
    });
    expect(saved.status, saved.text).toBe(200);
    const email = 'miner@example.com';
    const cookie = await memberOverHttp(site, email, outboxes());
    const started = await send(site, 'POST', '/api/mining/start', { cookie });
    expect(started.status, started.text).toBe(201);
    const sessionId = started.json().id as string;
    const startedAt = Date.now();
    for (let i = 0; i < 4; i++) {
      await sleep(1000);
      const ping = await send(site, 'POST', '/api/mining/ping', { cookie, body: { sessionId } });
      expect(ping.status, ping.text).toBe(204);
    }
    const stopped = await send(site, 'POST', '/api/mining/stop', { cookie, body: { sessionId } });
    expect(stopped.status, stopped.text).toBe(200);
    const elapsedSeconds = (Date.now() - startedAt) / 1000;

    const { credits, paidSeconds, balance } = await miningLedger(topology.databaseUrl, email);
    const paid = credits.reduce((sum, credit) => sum + Number(credit.amount), 0);
    // The ticks of three nodes and the Stop together paid each second once, and the wallet is the ledger.
    expect(credits.length).toBeGreaterThan(1);
    expect(paidSeconds).toBeGreaterThanOrEqual(3);
    expect(paidSeconds).toBeLessThanOrEqual(Math.ceil(elapsedSeconds));
    expect(Number(balance)).toBeCloseTo(paid, 8);
    const served = Object.values(await topology.balancer()).map((node) => node.served);
    expect(served.every((count) => count > 0)).toBe(true);
  });

  it('takes a node killed outright out of rotation within its checks, fails nothing after, and takes it back once it runs again', async () => {
    const traffic = steadyRequests();
    await sleep(500);
    const killedAt = Date.now();
    topology.nodes[0]?.signal('SIGKILL');
    const outAfter = await secondsUntil(
      'HAProxy took node1 out',
      async () => (await statusOf('node1')).startsWith('DOWN'),
      10_000,
    );
    const outAt = Date.now();
    await sleep(2000);
    await traffic.stop();
    console.info(
      `kill -9 of node1: out of rotation after ${outAfter} s; ${traffic.failures.length} failed of ${traffic.answered() + traffic.failures.length} requests`,
    );
    // Two failed checks, each within the interval; a request in flight on the node may fail, none after.
    expect(outAfter).toBeLessThanOrEqual((3 * CHECK_INTERVAL_MS) / 1000 + 1);
    expect(traffic.failures.filter((at) => at > outAt)).toEqual([]);
    expect(traffic.failures.every((at) => at >= killedAt)).toBe(true);

    topology.nodes[0]?.start();
    await secondsUntil('node1 came back', async () => (await statusOf('node1')) === 'UP', 30_000);
  });

  it('takes out a node whose link is down, and has it back by itself when the link returns', async () => {
    const node = topology.nodes[1];
    if (!node) throw new Error('no node2');
    node.setLink('down');
    const outAfter = await secondsUntil(
      'HAProxy took node2 out',
      async () => (await statusOf('node2')).startsWith('DOWN'),
      10_000,
    );
    node.setLink('up');
    const backAfter = await secondsUntil(
      'node2 came back',
      async () => (await statusOf('node2')) === 'UP',
      30_000,
    );
    console.info(
      `node2's link down: out after ${outAfter} s; back ${backAfter} s after the link returned`,
    );
    expect(await node.ready()).toBe(true);
  });

  it('has a node cut off from the database say so on /readyz within 10 s, leave the rotation, and come back by itself', async () => {
    const node = topology.nodes[2];
    if (!node) throw new Error('no node3');
    await node.cutFromDatabase(true);
    const started = Date.now();
    const notReadyAfter = await secondsUntil(
      'node3 answered /readyz 503',
      async () => {
        const response = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(5000) });
        const { reasons } = (await response.json()) as { reasons: string[] };
        return response.status === 503 && reasons.length > 0;
      },
      10_000,
    );
    await secondsUntil(
      'HAProxy took node3 out',
      async () => (await statusOf('node3')).startsWith('DOWN'),
      10_000,
    );
    const outAfter = (Date.now() - started) / 1000;
    await node.cutFromDatabase(false);
    const backAfter = await secondsUntil(
      'node3 came back',
      async () => (await statusOf('node3')) === 'UP',
      30_000,
    );
    console.info(
      `node3 cut off from the database: /readyz 503 after ${notReadyAfter} s, out of rotation after ${outAfter} s; back ${backAfter} s after the wire was mended`,
    );
    expect(await node.ready()).toBe(true);
  });

  it('has every node ready again within 30 s of PostgreSQL restarting, nothing of the ledger lost', async () => {
    const before = await miningLedger(topology.databaseUrl, 'miner@example.com');
    topology.postgres.stop('fast');
    topology.postgres.start();
    const readyAfter = await secondsUntil(
      'every node ready',
      async () => (await Promise.all(topology.nodes.map((node) => node.ready()))).every(Boolean),
      30_000,
    );
    // HAProxy had taken every node out while the database was away; two good checks bring each back.
    const inRotationAfter = await secondsUntil(
      'HAProxy took every node back',
      async () => Object.values(await topology.balancer()).every((node) => node.status === 'UP'),
      10_000,
    );
    console.info(
      `PostgreSQL restarted: every node ready ${readyAfter} s after it was back, in rotation ${inRotationAfter} s later`,
    );
    const health = await send(site, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(await miningLedger(topology.databaseUrl, 'miner@example.com')).toEqual(before);
  }, 60_000);

  it('keeps nodes in rotation while the database is slow to answer but answers within the wait of /readyz', async () => {
    // 0.4 s each way: /readyz waits 0.8 s for the database, longer than a check interval (0.5 s
    // here) but within its own 2 s. HAProxy must wait for such an answer (its `timeout check`)
    // rather than count it a failure: when it gave up after one interval, it took every node out
    // at once, as it had the busy nodes of a deploy, and then had no server for anyone.
    await topology.delayLine.setDelay(400);
    const requests = steadyRequests();
    const downs: string[] = [];
    try {
      const until = Date.now() + 6000;
      while (Date.now() < until) {
        for (const [node, { status }] of Object.entries(await topology.balancer())) {
          if (status !== 'UP') downs.push(`${node} ${status}`);
        }
        await sleep(200);
      }
    } finally {
      await requests.stop();
      await topology.delayLine.setDelay(topology.delayMs);
    }
    expect(downs).toEqual([]);
    expect(requests.failures).toEqual([]);
    expect(requests.answered()).toBeGreaterThan(0);
  }, 30_000);

  it('rolls every node in turn on SIGHUP behind the balancer, a deploy that fails no request', async () => {
    const traffic = steadyRequests();
    try {
      for (const node of topology.nodes) {
        const before = workerPids(node.process?.pid);
        expect(before).toHaveLength(1);
        node.signal('SIGHUP');
        await secondsUntil(
          `${node.name} rolled`,
          async () => {
            const now = workerPids(node.process?.pid);
            return now.length === 1 && !before.includes(now[0] ?? '');
          },
          30_000,
        );
      }
    } finally {
      await traffic.stop();
    }
    expect(traffic.failures).toEqual([]);
    expect(traffic.answered()).toBeGreaterThan(0);
  }, 120_000);
});
