import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, Registry } from 'prom-client';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { systemClock } from '#server/lib/clock.ts';
import { registerDatabaseFigures } from './metrics-database.ts';

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
 * WEB_CONCURRENCY > 1: the primary answers for every worker (their metrics added up by
 * prom-client's AggregatorRegistry, each metric by its own rule: sums, the worst lag) and adds the
 * database figures, read through a connection of its own.
 */
export async function clusterMetrics(
  openDatabase: () => Promise<DatabaseHandle>,
): Promise<MetricsSource> {
  const aggregator = new AggregatorRegistry();
  const own = new Registry();
  const database = await openDatabase();
  registerDatabaseFigures(own, database.db, systemClock);
  return {
    contentType: own.contentType,
    async metrics() {
      const [workers, figures] = await Promise.all([aggregator.clusterMetrics(), own.metrics()]);
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
