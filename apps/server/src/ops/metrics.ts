import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '#server/db/client.ts';
import { pushAttemptTotals } from '#server/modules/push/index.ts';
import { ledgerTotals } from '#server/modules/wallet/index.ts';
import { registerDatabaseFigures } from './metrics-database.ts';
import { observeRequestDurations } from './metrics-requests.ts';

// A worker answers the primary's requests for metrics from the moment it starts (with nothing
// until its app is built): a worker that did not answer would hold every scrape up for 5 s.
if (cluster.isWorker) new AggregatorRegistry();

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (docs/decisions/032); null when METRICS_PORT is unset. */
    metrics: Registry | null;
  }
}

/** Counters read from a running total kept elsewhere: set to it at each scrape. */
function totalOf(counter: Counter<string>, labels: Record<string, string>, value: number) {
  if (Object.keys(labels).length === 0) counter.reset();
  else counter.remove(labels);
  counter.inc(labels, value);
}

/** What this process holds: its event streams, its pool, its listener, its crediting job. */
function registerProcessFigures(
  registry: Registry,
  app: FastifyInstance,
  database: DatabaseHandle,
) {
  const registers = [registry];
  new Gauge({
    name: 'btcp_event_streams_open',
    help: 'Server-Sent Events streams open (GET /api/events)',
    registers,
    collect() {
      this.set(app.realtime.connections());
    },
  });
  new Gauge({
    name: 'btcp_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total, idle, waiting (checkouts queued); absent on PGlite',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = database.poolStats();
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
    },
  });
  new Counter({
    name: 'btcp_notify_listener_reconnects_total',
    help: 'Times the LISTEN connection came back after it was lost (notifications may have been missed)',
    registers,
    collect() {
      totalOf(this, {}, database.listenerReconnects());
    },
  });
  new Gauge({
    name: 'btcp_crediting_lag_seconds',
    help: 'How far the crediting job is behind its 1 s schedule (the worst process)',
    registers,
    aggregator: 'max',
    collect() {
      this.set(app.creditingMonitor.lagSeconds());
    },
  });
  new Gauge({
    name: 'btcp_crediting_last_tick_rows',
    help: "Rewards paid by the crediting job's last tick (summed over processes)",
    registers,
    collect() {
      this.set(app.creditingMonitor.lastTickRows());
    },
  });
  registerBulkheadFigures(registers, app);
  new Counter({
    name: 'btcp_push_attempts_total',
    help: 'Web Push sends by outcome (decision 063): delivered, gone (404/410, device deleted), retry, dropped',
    labelNames: ['outcome'],
    registers,
    collect() {
      for (const [outcome, total] of pushAttemptTotals()) totalOf(this, { outcome }, total);
    },
  });
  for (const direction of ['credited', 'debited'] as const) {
    new Counter({
      name: `btcp_ledger_${direction}_btcp_total`,
      help: `BTCP ${direction} by the ledger since the process started, by transaction type`,
      labelNames: ['type'],
      registers,
      collect() {
        for (const [type, btcp] of ledgerTotals(direction)) totalOf(this, { type }, btcp);
      },
    });
  }
}

/** The expensive kinds of request (decision 058): running, waiting, and refused as busy. */
function registerBulkheadFigures(registers: Registry[], app: FastifyInstance) {
  new Gauge({
    name: 'btcp_bulkhead_requests',
    help: 'Expensive requests by kind (decision 058), running or waiting for a slot',
    labelNames: ['kind', 'state'],
    registers,
    collect() {
      for (const [kind, bulkhead] of Object.entries(app.bulkheads)) {
        const { running, waiting } = bulkhead.figures();
        this.set({ kind, state: 'running' }, running);
        this.set({ kind, state: 'waiting' }, waiting);
      }
    },
  });
  new Counter({
    name: 'btcp_bulkhead_refused_total',
    help: 'Expensive requests answered 503 busy by their bulkhead, by kind',
    labelNames: ['kind'],
    registers,
    collect() {
      for (const [kind, bulkhead] of Object.entries(app.bulkheads))
        totalOf(this, { kind }, bulkhead.figures().refused);
    },
  });
}

/**
 * This process's metrics: request durations, Node's own (event-loop lag, heap, GC), what the
 * process holds, and, in the one process that answers /metrics (alone, not a cluster worker),
 * the figures from the database. A cluster worker hands its registry to the primary, which adds
 * every worker's up (prom-client's AggregatorRegistry) and reads the database figures itself.
 */
export function createProcessMetrics(app: FastifyInstance, database: DatabaseHandle): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  observeRequestDurations(app, registry);
  registerProcessFigures(registry, app, database);
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
  } else {
    registerDatabaseFigures(registry, database.db, app.clock);
  }
  return registry;
}
