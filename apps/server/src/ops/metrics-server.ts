import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { systemClock } from '#server/lib/clock.ts';
import { registerDatabaseFigures } from './metrics-database.ts';
import { workersMetrics } from './metrics-workers.ts';

type Log = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** What /metrics answers with: the Prometheus text and its content type. */
export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/**
 * The first process's own figures with several processes: each server process that died and was
 * started again (a crash loop shows here; a rolling restart's retirements do not count), and its
 * own memory and event-loop lag. It serves no request, but it answers every scrape and watches
 * the others: a leak or a stall there shows nowhere else, and the workers' `process_*` and
 * `nodejs_*` figures are added up without it.
 */
export function primaryFigures(registry: Registry) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  new Gauge({
    name: 'btcp_primary_resident_memory_bytes',
    help: 'Resident memory of the first process, which supervises the others',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'btcp_primary_eventloop_lag_p99_seconds',
    help: "The first process's event-loop lag since the previous scrape, 99th percentile",
    registers: [registry],
    collect() {
      this.set(lag.percentile(99) / 1e9);
      lag.reset();
    },
  });
  const died = new Counter({
    name: 'btcp_server_processes_died_total',
    help: 'Server processes that died and were started again (not those a rolling restart retired)',
    registers: [registry],
  });
  return { processDied: () => died.inc() };
}

/**
 * A cluster (WEB_CONCURRENCY > 1, or SUPERVISE): the primary answers for every worker (their
 * metrics added up by prom-client's AggregatorRegistry, each metric by its own rule: sums, the
 * worst lag) and adds the database figures, read through a connection of its own.
 */
export async function clusterMetrics(
  openDatabase: () => Promise<DatabaseHandle>,
  own: Registry,
): Promise<MetricsSource> {
  const database = await openDatabase();
  registerDatabaseFigures(own, database.db, systemClock);
  return {
    contentType: own.contentType,
    async metrics() {
      const [workers, figures] = await Promise.all([workersMetrics(), own.metrics()]);
      return `${workers}\n${figures}`;
    },
  };
}

/**
 * The metrics listener (docs/decisions/032): GET /metrics on METRICS_HOST:METRICS_PORT, nothing
 * else, never on the public port. Off (null) when METRICS_PORT is unset.
 */
export async function startMetricsServer(
  config: Config,
  log: Log,
  source: MetricsSource | null | (() => Promise<MetricsSource>),
): Promise<Server | null> {
  if (config.METRICS_PORT === undefined || !source) return null;
  const metrics = typeof source === 'function' ? await source() : source;
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'collecting metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
  });
  // It answers until the process exits; it never holds a shutdown up.
  server.unref();
  const address = server.address() as AddressInfo;
  log.info({ host: address.address, port: address.port }, 'metrics at /metrics');
  return server;
}
