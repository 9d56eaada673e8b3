import cluster, { type Worker } from 'node:cluster';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { adminExists } from '#server/modules/auth/index.ts';
import { seedSampleBlogPosts } from '#server/modules/blog/index.ts';
import { adoptStream, CLOSE_STRETCH_MAX } from '#server/modules/realtime/index.ts';
import { buildApp, loggerOptions } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import {
  ACCEPT_SOCKETS,
  ensurePortFree,
  listenOnAcceptSockets,
  reusePortAvailable,
  stopAccepting,
} from './ops/accept-sockets.ts';
import { flushCompileCache, shareCompileCacheWithWorkers } from './ops/compile-cache.ts';
import { clusterMetrics, primaryFigures, startMetricsServer } from './ops/metrics-server.ts';
import {
  announceReadyToPrimary,
  createRollingRestart,
  HOLD_STREAMS_MESSAGE,
  PROBE_MESSAGE,
  RELEASE_STREAMS_MESSAGE,
  STOP_ACCEPTING_MESSAGE,
  STREAMS_GONE_MESSAGE,
  WORKER_READY_MESSAGE,
} from './ops/rolling-restart.ts';
import { createStreamRelay, handedStream, handOverToPrimary } from './ops/stream-handover.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long a process a rolling restart retires may take to close: it lets its streams go over its
 * window, stretched up to CLOSE_STRETCH_MAX times while the new processes are busy (decisions 042
 * and 043). The primary's own timer for it runs a little longer.
 */
const retiredGraceMs = (config: Config) =>
  SHUTDOWN_GRACE_MS + CLOSE_STRETCH_MAX * config.EVENTS_RECONNECT_WINDOW_MS;
/** A worker that dies is replaced after this pause, so a crash loop does not spin the CPU. */
const RESTART_DELAY_MS = 1000;

type Log = Pick<pino.Logger, 'info' | 'warn' | 'error'>;

const openConfiguredDatabase = (config: Config) =>
  openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          sessionUrl: config.DATABASE_LISTEN_URL,
          preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
        }
      : { kind: 'embedded', dataDir: `${config.dataDir}/pglite` },
    { poolSize: config.databasePoolSize },
  );

/** What happens once per start, whatever the number of processes: migrations, the first-run seed. */
async function prepare(database: Awaited<ReturnType<typeof openConfiguredDatabase>>) {
  await database.migrate();
  const seeded = await seedSampleBlogPosts(database.db, systemClock.now());
  return {
    seeded,
    hasAdmin: await adminExists(database.db),
    autovacuumOff: database.kind === 'postgres' && (await autovacuumIsOff(database.db)),
  };
}

/**
 * PostgreSQL's autovacuum (on by default) keeps table statistics fresh, and each ANALYZE makes the
 * server plan its cached statements again. Without it, the statements each process prepares while
 * the mining tables are nearly empty keep plans that read every row once they are full (decision
 * 014), and updated rows are never cleaned up.
 */
async function autovacuumIsOff(db: Database) {
  const result = await db.execute(sql`SELECT current_setting('autovacuum') = 'off' AS off`);
  return (result as unknown as { rows: { off: boolean }[] }).rows[0]?.off === true;
}

function announce(
  log: Log,
  config: Config,
  kind: string,
  prepared: Awaited<ReturnType<typeof prepare>>,
) {
  const origin = config.publicOrigin;
  log.info(
    { database: kind, url: origin, processes: config.WEB_CONCURRENCY },
    `BTCP is ready at ${origin}`,
  );
  if (prepared.seeded > 0) log.info(`First start: added ${prepared.seeded} sample blog posts`);
  if (prepared.autovacuumOff) {
    log.warn(
      "PostgreSQL's autovacuum is off on this server: turn it on (autovacuum = on, its default), or statistics go stale and mining's statements slow down as its tables fill",
    );
  }
  if (!prepared.hasAdmin) {
    // D8: first-run bootstrap. Until an admin exists, /create-admin is open to whoever gets there first.
    log.warn(
      `No admin account yet: create one at ${origin}/create-admin or with \`npm run create-admin -- --email you@example.com\``,
    );
  }
}

/**
 * Connections the kernel queues for the processes to accept (Linux caps it at
 * net.core.somaxconn): long enough for a burst of reconnecting event streams while busy processes
 * catch up, where Node's default of 511 dropped handshakes (decision 014).
 */
const LISTEN_BACKLOG = 4096;

/**
 * Where Node can (22.12 and later, on Linux), each process listens on ACCEPT_SOCKETS sockets of
 * its own that share PORT with SO_REUSEPORT (decision 034); otherwise a cluster's workers share
 * the primary's one socket.
 */
const acceptSockets = reusePortAvailable() ? ACCEPT_SOCKETS : 1;

/**
 * One server process: the app on PORT. Alone (WEB_CONCURRENCY=1 without SUPERVISE) it prepares
 * the database itself; as a cluster worker the primary has done that.
 */
async function serve(config: Config) {
  // A port already taken is the operator's mistake: say so at once, not after the migrations.
  if (!cluster.isWorker) await ensurePortFree(config.HOST, config.PORT);
  const database = await openConfiguredDatabase(config);
  const prepared = cluster.isWorker ? null : await prepare(database);
  const app = await buildApp({ config, database, logger: loggerOptions(config) });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const graceMs = app.realtime.handOver ? retiredGraceMs(config) : SHUTDOWN_GRACE_MS;
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  // SO_REUSEPORT would let a second server on this port share its connections unnoticed: checked
  // again right before binding, since another may have started while this one prepared.
  if (!cluster.isWorker && acceptSockets > 1) await ensurePortFree(config.HOST, config.PORT);
  await listenOnAcceptSockets(
    app,
    { host: config.HOST, port: config.PORT, backlog: LISTEN_BACKLOG },
    acceptSockets,
  );
  if (!cluster.isWorker) await startMetricsServer(config, app.log, app.metrics);
  if (prepared) announce(app.log, config, database.kind, prepared);
  if (cluster.isWorker) {
    // The primary rolls the workers on SIGHUP; a hangup of the whole process group is its too.
    process.on('SIGHUP', () => {});
    // A rolling restart's new processes are all ready: new connections go to them from now.
    process.on('message', (message, handle) => {
      if (message === STOP_ACCEPTING_MESSAGE) {
        stopAccepting(app.server);
        // Its streams go to the new processes from now, not back to the browsers (decisions 042, 044).
        app.realtime.startHandOver(handOverToPrimary);
        app.realtime.onStreamsGone = () => process.send?.(STREAMS_GONE_MESSAGE);
        return;
      }
      if (message === PROBE_MESSAGE) return process.send?.(PROBE_MESSAGE);
      if (message === HOLD_STREAMS_MESSAGE || message === RELEASE_STREAMS_MESSAGE) {
        app.realtime.held = message === HOLD_STREAMS_MESSAGE;
        return;
      }
      const handed = handedStream(message, handle);
      if (handed) {
        void adoptStream(app, handed, handle as Socket, config.EVENTS_RECONNECT_WINDOW_MS);
      }
    });
    await announceReadyToPrimary(app.readiness);
    flushCompileCache();
  }
}

const alive = () =>
  Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w && !w.isDead()));

/**
 * What the primary does once, before any worker starts: the database prepared (then closed: the
 * primary answers no requests), and the metrics endpoint that gathers every process's figures.
 */
async function prepareCluster(config: Config, log: pino.Logger) {
  const database = await openConfiguredDatabase(config);
  const prepared = await prepare(database);
  await database.close();
  const primaryRegistry = new Registry();
  const figures = primaryFigures(primaryRegistry);
  await startMetricsServer(config, log, () =>
    clusterMetrics(() => openConfiguredDatabase(config), primaryRegistry),
  );
  return { databaseKind: database.kind, prepared, figures };
}

/**
 * WEB_CONCURRENCY=N (or SUPERVISE with one): the primary prepares the database once, then starts
 * N workers that share PORT. A worker that dies is replaced; its clients reconnect to the others
 * meanwhile, or to the new one when it was alone. SIGTERM or SIGINT stops every worker
 * gracefully, then the primary; SIGHUP replaces them one at a time (ops/rolling-restart.ts).
 *
 * The workers accept connections themselves (SCHED_NONE) unless NODE_CLUSTER_SCHED_POLICY says
 * otherwise: Node's default has the primary hand out each connection one at a time, which delayed
 * pings under load (decision 014).
 */
async function supervise(config: Config) {
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  shareCompileCacheWithWorkers();
  const log = pino(loggerOptions(config));
  if (acceptSockets > 1) await ensurePortFree(config.HOST, config.PORT);
  const { databaseKind, prepared, figures } = await prepareCluster(config, log);

  let stopping = false;
  let ready = 0;
  const fork = () => {
    if (!stopping) cluster.fork();
  };
  const roll = createRollingRestart({
    beforeRoll: async () => {
      const migrating = await openConfiguredDatabase(config);
      try {
        await migrating.migrate();
      } finally {
        await migrating.close();
      }
    },
    fork: () => cluster.fork(),
    workers: alive,
    stopping: () => stopping,
    log,
    exitTimeoutMs: retiredGraceMs(config) + 2000,
  });
  // An old worker's streams, each to a new one in turn (decision 042).
  const relay = createStreamRelay(
    () => (stopping ? [] : alive().filter((w) => !roll.owns(w) && w.isConnected())),
    config.EVENTS_RECONNECT_WINDOW_MS,
  );
  // Workers with sockets of their own never tell the primary they listen: they say they are ready.
  cluster.on('message', (_worker, message, handle) => {
    if (handle) return relay(message, handle);
    if (message !== WORKER_READY_MESSAGE) return;
    ready += 1;
    if (ready === config.WEB_CONCURRENCY) announce(log, config, databaseKind, prepared);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit(0);
      return;
    }
    // A worker the rolling restart retired, or one it started that did not become ready.
    if (roll.owns(worker)) return;
    if (ready === 0) {
      log.error({ code, signal }, 'a server process could not start; stopping');
      process.exit(1);
    }
    figures.processDied();
    log.error(
      { worker: worker.process.pid, code, signal },
      'a server process died; starting another',
    );
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down every server process');
    for (const worker of alive()) worker.process.kill('SIGTERM');
    if (alive().length === 0) process.exit(0);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', () => {
    if (!stopping) roll.request();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
}

const config = loadConfig();
const run = config.supervised && cluster.isPrimary ? supervise : serve;
run(config).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
