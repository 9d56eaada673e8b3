import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ACCEPT_SOCKETS, reusePortAvailable } from '#server/ops/accept-sockets.ts';
import { freePort, startServer, workerPids } from './server-process.ts';

/**
 * How many connections the kernel queues on the port for the server to accept: a listening
 * socket's Send-Q in `ss` (Linux). Node's default is 511.
 */
function listenBacklog(port: number): number {
  const listening = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
  return Number(listening.trim().split(/\s+/)[2]);
}
const canReadBacklogs = process.platform === 'linux' && spawnSync('ss', ['-V']).status === 0;
/** The listening sockets on a port (Linux). */
const listeningSockets = (port: number) =>
  execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean).length;
/** The sockets each process listens on: several where Node can share the port (decision 034). */
const socketsPerProcess = reusePortAvailable() ? ACCEPT_SOCKETS : 1;
/** The most Linux queues, whatever a process asks for. */
const somaxconn = () => Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

/** The `/api/health` requests answered, as the metrics listener on `port` counts them. */
async function healthChecksCounted(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('btcp_http_request_duration_seconds_count{') &&
        l.includes('route="/api/health"') &&
        l.includes('status_class="2xx"'),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('the server process', () => {
  it('starts on its own database, answers, and stops cleanly on SIGTERM', async () => {
    const { child, healthy, cleanUp } = await startServer();
    try {
      expect(await healthy()).toBe(true);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      await cleanUp();
    }
  });

  it('answers /metrics on METRICS_PORT only, counting the requests it served', async () => {
    const metricsPort = await freePort();
    const { port, healthy, cleanUp } = await startServer({ METRICS_PORT: String(metricsPort) });
    try {
      expect(await healthy()).toBe(true);
      const before = await healthChecksCounted(metricsPort);
      for (let i = 0; i < 3; i++) await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await healthChecksCounted(metricsPort)).toBe(before + 3);
      // The public port knows no /metrics (what it answers instead depends on the web build).
      const publicAnswer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(publicAnswer.status).not.toBe(200);
      expect(await publicAnswer.text()).not.toContain('btcp_http_request_duration_seconds');
    } finally {
      await cleanUp();
    }
  }, 60_000);

  it.skipIf(!canReadBacklogs)(
    'queues thousands of arriving connections while it is busy, not 511',
    async () => {
      const { port, healthy, cleanUp } = await startServer();
      try {
        expect(await healthy()).toBe(true);
        expect(listenBacklog(port)).toBe(Math.min(4096, somaxconn()));
        // Each socket is one more connection accepted per turn of the event loop.
        expect(listeningSockets(port)).toBe(socketsPerProcess);
      } finally {
        await cleanUp();
      }
    },
  );

  it.skipIf(!canReadBacklogs)(
    'refuses to start on a port another server listens on, rather than share its connections',
    async () => {
      const first = await startServer();
      try {
        expect(await first.healthy()).toBe(true);
        const second = await startServer({ PORT: String(first.port) });
        try {
          const [code] = await once(second.child, 'exit');
          expect(code).not.toBe(0);
          expect(listeningSockets(first.port)).toBe(socketsPerProcess);
          // The first server still answers every request itself.
          for (let i = 0; i < 20; i++) {
            const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
            expect(health.status).toBe(200);
          }
        } finally {
          await second.cleanUp();
        }
      } finally {
        await first.cleanUp();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'tells the operator when the PostgreSQL server’s autovacuum is off, and only then',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query<{ autovacuum: string }>('SHOW autovacuum');
      await admin.end();
      const { healthy, cleanUp, output } = await startServer();
      try {
        expect(await healthy()).toBe(true);
        const warned = output().includes("PostgreSQL's autovacuum is off on this server");
        expect(warned).toBe(rows[0]?.autovacuum === 'off');
      } finally {
        await cleanUp();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs WEB_CONCURRENCY processes on one port, replaces one killed with SIGKILL, and stops them all',
    async () => {
      const metricsPort = await freePort();
      const { child, port, healthy, cleanUp } = await startServer({
        WEB_CONCURRENCY: '2',
        METRICS_PORT: String(metricsPort),
      });
      const workers = () => workerPids(child.pid);
      try {
        expect(await healthy()).toBe(true);
        const before = workers();
        expect(before).toHaveLength(2);
        // The primary answers /metrics for both processes: every request counted, whoever served it.
        const counted = await healthChecksCounted(metricsPort);
        for (let i = 0; i < 10; i++) await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(await healthChecksCounted(metricsPort)).toBe(counted + 10);
        const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        expect(scraped).toMatch(/^btcp_mining_sessions_active 0$/m);
        expect(scraped).toMatch(/^btcp_db_pool_connections\{state="total"\} \d+$/m);
        expect(scraped).toMatch(/^btcp_server_processes_died_total 0$/m);
        // The first process's own figures, apart from the workers' sums.
        expect(scraped).toMatch(/^btcp_primary_resident_memory_bytes [1-9]\d*$/m);
        expect(scraped).toMatch(/^btcp_primary_eventloop_lag_p99_seconds \d/m);
        // Each queue of arriving connections is as long as a single process's; where Node can,
        // each process listens on sockets of its own.
        if (canReadBacklogs) {
          expect(listenBacklog(port)).toBe(Math.min(4096, somaxconn()));
          expect(listeningSockets(port)).toBe(reusePortAvailable() ? 2 * ACCEPT_SOCKETS : 1);
        }
        process.kill(Number(before[0]), 'SIGKILL');
        // A scrape that meets the dying process answers for the others, without waiting for it.
        const meanwhile = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(meanwhile.status).toBe(200);
        expect(await meanwhile.text()).toMatch(/^btcp_mining_sessions_active 0$/m);
        // The other process answers meanwhile, and a new one takes the dead one's place.
        expect(await healthy()).toBe(true);
        const replaced = () => workers().length === 2 && !workers().includes(before[0] ?? '');
        for (let waited = 0; !replaced(); waited += 100) {
          if (waited > 20_000) throw new Error('the killed process was not replaced');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // The dead process's sockets went with it; the new one listens on its own.
        if (canReadBacklogs) {
          const expected = reusePortAvailable() ? 2 * ACCEPT_SOCKETS : 1;
          for (let waited = 0; listeningSockets(port) !== expected; waited += 100) {
            if (waited > 20_000) throw new Error(`${listeningSockets(port)} sockets listen`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        // An operator's alert on crashes sees it, once the new process answers the scrape too.
        let scrapedAfter = '';
        for (let waited = 0; !/^btcp_server_processes_died_total /m.test(scrapedAfter); ) {
          if (waited > 20_000) throw new Error(`/metrics answered: ${scrapedAfter}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          waited += 100;
          scrapedAfter = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        }
        expect(scrapedAfter).toMatch(/^btcp_server_processes_died_total 1$/m);
        child.kill('SIGTERM');
        const [code] = await once(child, 'exit');
        expect(code).toBe(0);
      } finally {
        await cleanUp();
      }
    },
    60_000,
  );
});
