// Several machines on this one (README, "Several machines"; decision 054): app nodes, a PostgreSQL
// server with PgBouncer before it, and HAProxy before the nodes, each a host of its own in a
// network namespace, the nodes and the database a configurable delay apart. `npm run topology`
// starts it from a terminal; tests and the bench import startTopology. Linux, as root.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { serverEntry } from '../server-build.mjs';
import { BRIDGE, createBridge, createHost, removeNetwork, run, setLink } from './network.mjs';
import {
  DATABASE,
  NODE_PORT,
  PGBOUNCER_PORT,
  POSTGRES_PORT,
  STATS_PORT,
  startDelayLine,
  startHaproxy,
  startPgBouncer,
  startPostgres,
  startProgram,
} from './services.mjs';

/** Everything a run writes: the database's cluster, the services' logs, the nodes' data folders. */
export const STATE_DIR = path.join(tmpdir(), 'btcp-topology');
const OWNER_FILE = path.join(STATE_DIR, 'owner.pid');

/** What stands in the way on this machine, or null: the tests skip with this message. */
export function missingPrerequisites() {
  if (process.platform !== 'linux') return 'the topology needs Linux (network namespaces)';
  if (process.getuid?.() !== 0) return 'the topology needs root (network namespaces, tc)';
  for (const [program, probe] of [
    ['haproxy', ['-v']],
    ['pgbouncer', ['-V']],
  ]) {
    try {
      run(program, probe);
    } catch {
      return `the topology needs ${program} (apt-get install -y haproxy pgbouncer iproute2)`;
    }
  }
  if (!existsSync(serverEntry))
    return `the compiled server is missing: ${serverEntry} (npm run build)`;
  return null;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes what an earlier run left (its namespaces, their programs, the bridge, its folder), unless
 * that run's process is still alive: one topology per machine at a time. Idempotent.
 */
export function cleanUpTopology({ force = false } = {}) {
  const owner = existsSync(OWNER_FILE) ? Number(readFileSync(OWNER_FILE, 'utf8')) : 0;
  if (!force && owner && owner !== process.pid && alive(owner)) {
    throw new Error(`another topology runs on this machine (process ${owner}); stop it first`);
  }
  removeNetwork();
  rmSync(STATE_DIR, { recursive: true, force: true });
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const answers = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return response.status === 200;
};

const reachable = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function createDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** An app node: a host with the compiled server on NODE_PORT, and what a fault scenario does to it. */
function appNode({ index, subnet, db, balancerUrl, env, webConcurrency, cutOff }) {
  const name = `node${index}`;
  const host = createHost({ name, subnet, address: 10 + index, link: `btcp-v-n${index}` });
  const dataDir = path.join(STATE_DIR, name);
  mkdirSync(dataDir, { recursive: true });
  const nodeEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    PORT: String(NODE_PORT),
    APP_ORIGIN: balancerUrl,
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    // Queries through PgBouncer; what needs a session of its own straight to PostgreSQL.
    DATABASE_URL: `postgres://postgres@${db.ip}:${PGBOUNCER_PORT}/${DATABASE}`,
    DATABASE_LISTEN_URL: `postgres://postgres@${db.ip}:${POSTGRES_PORT}/${DATABASE}`,
    // Debian's PgBouncer (1.18) keeps no prepared statements across transactions.
    DATABASE_PREPARED_STATEMENTS: 'false',
    WEB_CONCURRENCY: String(webConcurrency),
    // A supervising first process even for one server process, so a SIGHUP rolls every node.
    SUPERVISE: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const node = {
    name,
    ip: host.ip,
    url: `http://${host.ip}:${NODE_PORT}`,
    host,
    process: null,
    start() {
      node.process = startProgram(host, process.execPath, [serverEntry], {
        logFile: path.join(dataDir, 'server.log'),
        env: nodeEnv,
      });
      return node.process;
    },
    ready: () => answers(`${node.url}/readyz`),
    /** SIGKILL, SIGTERM, SIGHUP (a rolling restart: every node is supervised). */
    signal: (signal) => node.process?.kill(signal),
    /** 'down' cuts the node off from everything (the database, the balancer); 'up' puts it back. */
    setLink: (state) => setLink(host, state),
    /** The node's wire to the database is cut (true) or mended (false); the balancer still reaches it. */
    cutFromDatabase: (cut) => cutOff(host.ip, cut),
  };
  return node;
}

/**
 * Builds and starts the topology; resolves once HAProxy sends traffic to every node. Options:
 * `nodes` (3), `delayMs` each way between the nodes and the database (0.5), `subnet` (10.77.0),
 * `checkIntervalMs` of HAProxy's health checks (1000), `webConcurrency` per node (1), `env` for
 * the nodes, `poolSize` PgBouncer's server connections (40), `balancers` HAProxy processes on the
 * balancer's port (1; each holds about 10,000 connections here, see startHaproxy).
 */
export async function startTopology(options = {}) {
  const {
    nodes: count = 3,
    delayMs = 0.5,
    subnet = '10.77.0',
    checkIntervalMs = 1000,
    webConcurrency = 1,
    env = {},
    poolSize = 40,
    balancers = 1,
  } = options;
  const problem = missingPrerequisites();
  if (problem) throw new Error(problem);
  cleanUpTopology();
  mkdirSync(STATE_DIR, { recursive: true, mode: 0o755 });
  writeFileSync(OWNER_FILE, String(process.pid));
  try {
    createBridge(subnet);
    const db = createHost({ name: 'db', subnet, address: 2, link: 'btcp-v-db' });
    const lb = createHost({ name: 'lb', subnet, address: 3, link: 'btcp-v-lb' });
    const postgres = startPostgres(db, path.join(STATE_DIR, 'postgres'));
    const delayLine = startDelayLine(db, path.join(STATE_DIR, 'delay-line'), delayMs);
    await waitFor('the delay line did not listen', () => reachable(db.ip, POSTGRES_PORT), 10_000);
    const databaseUrl = `postgres://postgres@${db.ip}:${POSTGRES_PORT}/${DATABASE}`;
    await createDatabase(`postgres://postgres@${db.ip}:${POSTGRES_PORT}/postgres`);
    const pgbouncer = startPgBouncer(db, path.join(STATE_DIR, 'pgbouncer'), poolSize);
    const url = `http://${lb.ip}`;
    const cut = new Set();
    const cutOff = (ip, isCut) => {
      if (isCut) cut.add(ip);
      else cut.delete(ip);
      return delayLine.setCut([...cut]);
    };
    const appNodes = Array.from({ length: count }, (_, i) =>
      appNode({ index: i + 1, subnet, db, balancerUrl: url, env, webConcurrency, cutOff }),
    );
    // The first node applies the migrations alone; the others then start together.
    appNodes[0].start();
    await waitFor('the first node was not ready', appNodes[0].ready, 60_000);
    for (const node of appNodes.slice(1)) node.start();
    await Promise.all(
      appNodes.map((node) => waitFor(`${node.name} was not ready`, node.ready, 60_000)),
    );
    const haproxies = Array.from({ length: balancers }, (_, instance) =>
      startHaproxy(lb, path.join(STATE_DIR, 'haproxy'), appNodes, checkIntervalMs, instance),
    );
    const statsUrls = haproxies.map(
      (_, instance) => `http://${lb.ip}:${STATS_PORT + instance}/;csv`,
    );
    const topology = {
      url,
      statsUrl: statsUrls[0],
      databaseUrl,
      poolerUrl: `postgres://postgres@${db.ip}:${PGBOUNCER_PORT}/${DATABASE}`,
      delayMs,
      nodes: appNodes,
      postgres,
      pgbouncer,
      delayLine,
      haproxy: haproxies[0],
      haproxies,
      /**
       * HAProxy's view of each node: its status (UP, DOWN, or a transition such as 'UP 1/2') and
       * how many requests it was sent (the status and stot columns of its CSV statistics). With
       * several HAProxy processes, the requests are added up, and a status on which they differ
       * reads 'MIXED' and each one's.
       */
      async balancer() {
        const views = await Promise.all(statsUrls.map(balancerView));
        return Object.fromEntries(
          Object.keys(views[0]).map((name) => {
            const statuses = views.map((view) => view[name]?.status ?? 'MISSING');
            const served = views.reduce((sum, view) => sum + (view[name]?.served ?? 0), 0);
            const agreed = statuses.every((status) => status === statuses[0]);
            return [
              name,
              { status: agreed ? statuses[0] : `MIXED ${statuses.join(' / ')}`, served },
            ];
          }),
        );
      },
      /**
       * `count` addresses of this machine on the bridge (from .100 on), gone with it: a load
       * generator that binds each process to a source address of its own (bench/lib/load-http.ts)
       * cannot reach the hosts from loopback addresses.
       */
      clientAddresses(count) {
        return Array.from({ length: count }, (_, i) => {
          const address = `${subnet}.${100 + i}`;
          run('ip', ['addr', 'replace', `${address}/24`, 'dev', BRIDGE]);
          return address;
        });
      },
      stop: () => stopTopology(),
    };
    await waitFor(
      'HAProxy did not see every node up',
      async () =>
        Object.values(await topology.balancer()).filter((node) => node.status === 'UP').length ===
        count,
      30_000,
    );
    return topology;
  } catch (error) {
    const logs = logTails();
    stopTopology();
    throw new Error(`${error instanceof Error ? error.message : error}\n${logs}`, { cause: error });
  }
}

/** One HAProxy process's statistics: each node's status and the requests it was sent. */
async function balancerView(statsUrl) {
  const response = await fetch(statsUrl, { signal: AbortSignal.timeout(2000) });
  const rows = (await response.text()).split('\n').map((line) => line.split(','));
  return Object.fromEntries(
    rows
      .filter(([proxy, server]) => proxy === 'nodes' && server !== 'BACKEND')
      .map((row) => [row[1], { status: row[17], served: Number(row[7]) }]),
  );
}

/** The last lines of every log of the run, for the message of a start that failed. */
function logTails() {
  const logs = readdirSync(STATE_DIR, { recursive: true }).filter((file) =>
    String(file).endsWith('.log'),
  );
  return logs
    .map((file) => {
      const lines = readFileSync(path.join(STATE_DIR, String(file)), 'utf8')
        .trimEnd()
        .split('\n');
      return `== ${file}\n${lines.slice(-15).join('\n')}`;
    })
    .join('\n');
}

/** Stops everything and removes every trace; safe to call twice, and from an 'exit' handler. */
export function stopTopology() {
  cleanUpTopology({ force: true });
}
