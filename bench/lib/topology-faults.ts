// The faults of the topology scenario (topology-miners.ts), each with the miners online: a node
// killed outright, a node cut from the database, PostgreSQL restarted, a node-by-node deploy.
// Each is timed from its start: when HAProxy took the node out, when every stream was open again,
// when the last request failed, when every miner had a ping answered again, and when the repaired
// part was back.
import type { Topology, TopologyNode } from '../../scripts/topology/index.mjs';
import { everyWorkerReplaced, percentile, type startLoad, workerPids } from './miners.ts';

export type Load = Awaited<ReturnType<typeof startLoad>>;
type Reports = Awaited<ReturnType<Load['report']>>;

/** A miner pings every 30 s: within this after a fault's end, every miner has pinged again. */
const PING_ROUND_MS = 31_000;
/** How long a node stays cut from the database. */
const CUT_MS = 15_000;
/** Past these, a wait is reported as not done and the scenario moves on. */
const LEAVE_WITHIN_MS = 15_000;
const RETURN_WITHIN_MS = 60_000;
/** How long one node's rolling restart may take before the deploy is reported as stuck. */
const ROLL_WITHIN_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const sum = <T>(items: T[], of: (item: T) => number) =>
  items.reduce((total, item) => total + of(item), 0);

/** Polls `check` every 250 ms: when it first held (ms since the epoch), or null past `withinMs`. */
async function whenTrue(check: () => Promise<boolean>, withinMs: number): Promise<number | null> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return Date.now();
    await sleep(250);
  }
  return null;
}

/** Seconds from `from` to `at`, or how long was waited in vain. */
const after = (at: number | null, from: number, waitedMs?: number) =>
  at === null
    ? `NOT within ${Math.round((waitedMs ?? 0) / 1000)} s`
    : Number(((at - from) / 1000).toFixed(1));

const statusOf = async (topology: Topology, node: TopologyNode) =>
  (await topology.balancer())[node.name]?.status ?? '';

const statusIs = (topology: Topology, node: TopologyNode, prefix: string) => async () =>
  (await statusOf(topology, node)).startsWith(prefix);

const everyNodeUp = (topology: Topology) => async () =>
  Object.values(await topology.balancer()).every((node) => node.status === 'UP');

const openStreams = async (load: Load) => sum(await load.streams(), (s) => s.openStreams);

/** Whether every miner with a session has had a ping answered since `since`. */
const everyMinerAnsweredSince = (load: Load, since: number) => async () => {
  const counts = await load.streams(since);
  return sum(counts, (c) => c.answeredSince) >= sum(counts, (c) => c.mining);
};

function errorKinds(reports: Reports) {
  const kinds: Record<string, number> = {};
  for (const report of reports)
    for (const [kind, n] of Object.entries(report.errorKinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  return kinds;
}

type FaultWindow = Awaited<ReturnType<typeof faultWindow>>;

/**
 * Opens a window on the miners at a fault's start; `close` gives the fault's failures (streams
 * and requests apart), the time of the last, the pings since, and prints the failures by kind.
 */
async function faultWindow(load: Load, fault: string) {
  const before = await load.report();
  const kindsBefore = errorKinds(before);
  const reconnectsBefore = sum(before, (report) => report.streamReconnects);
  const streamsBefore = await openStreams(load);
  await load.window();
  const at = Date.now();
  const streams = watchStreams(load, streamsBefore);
  return {
    at,
    async close() {
      const streamsAt = await streams.stop();
      const reports = await load.report();
      const lastAt = Math.max(...reports.map((report) => report.lastErrorAt));
      const pings = reports.flatMap((report) => report.pingLatencies);
      const kinds = Object.entries(errorKinds(reports))
        .map(([kind, n]) => [kind, n - (kindsBefore[kind] ?? 0)] as const)
        .filter(([, n]) => n > 0);
      if (kinds.length > 0) console.log(`${fault}: failures by kind`, Object.fromEntries(kinds));
      // A stream's failures (dropped by its node, or refused while opening) are not requests'.
      const ofStreams = sum(
        kinds.filter(([kind]) => kind.startsWith('stream')),
        ([, n]) => n,
      );
      const failed = sum(kinds, ([, n]) => n);
      return {
        streamsAt,
        'streams dropped or refused': ofStreams,
        // Ended by their node with a time to come back (decision 030): not failures.
        'streams told to reconnect':
          sum(reports, (report) => report.streamReconnects) - reconnectsBefore,
        'requests failed': failed - ofStreams,
        'last failure s': failed > 0 ? after(lastAt, at) : '–',
        pings: pings.length,
        'ping p99 ms': Math.round(percentile(pings, 99)),
        'ping max ms': Math.round(pings.reduce((max, ms) => Math.max(max, ms), 0)),
      };
    },
  };
}

/**
 * Watches the miners' open streams from a fault's start: `stop` gives when they were last all
 * open again after being fewer than before (null: never again; undefined: none ever dropped).
 */
function watchStreams(load: Load, before: number) {
  let dropped = false;
  let backAt: number | null = null;
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const open = await openStreams(load).catch(() => before);
      if (open < before) {
        dropped = true;
        backAt = null;
      } else if (dropped && backAt === null) backAt = Date.now();
      await sleep(250);
    }
  })();
  return {
    async stop() {
      watching = false;
      await loop;
      return dropped ? backAt : undefined;
    },
  };
}

/** When every miner has had a ping answered since `since` (a fault's end): one round of pings. */
const everyMinerAnswered = (load: Load, since: number) =>
  whenTrue(everyMinerAnsweredSince(load, since), PING_ROUND_MS + LEAVE_WITHIN_MS);

/** A fault's moments (ms since the epoch; null: not within its wait; undefined: not one of it). */
interface FaultTimes {
  fault: string;
  /** HAProxy's view of the node just before (on a busy machine it may be out already). */
  before?: string;
  at: number;
  outAt?: number | null;
  notReadyAt?: number | null;
  readyAt?: number | null;
  answeredAt: number | null;
  repairedAt: number;
  backAt: number | null;
}

/** A fault's row: seconds from its start, "back" and "every node ready" from its repair. */
function faultRow(times: FaultTimes, window: Awaited<ReturnType<FaultWindow['close']>>) {
  const { at, repairedAt } = times;
  const { streamsAt, ...figures } = window;
  const since = (moment: number | null | undefined, from: number, waitedMs: number) =>
    moment === undefined ? '–' : after(moment, from, waitedMs);
  return {
    fault: times.fault,
    'node before': times.before ?? '–',
    'out of rotation s': since(times.outAt, at, LEAVE_WITHIN_MS),
    '/readyz 503 s': since(times.notReadyAt, at, LEAVE_WITHIN_MS),
    'every stream open again s': streamsAt === null ? 'NOT all' : since(streamsAt, at, 0),
    'every miner answered again s': since(times.answeredAt, at, PING_ROUND_MS + LEAVE_WITHIN_MS),
    'repaired s': since(repairedAt, at, 0),
    'every node ready s': since(times.readyAt, repairedAt, RETURN_WITHIN_MS),
    'back in rotation s': since(times.backAt, repairedAt, RETURN_WITHIN_MS),
    ...figures,
  };
}

/** kill -9 of node1; once every miner has pinged again, node1 is started again. */
async function killNode(topology: Topology, load: Load) {
  const node = topology.nodes[0];
  if (!node) throw new Error('no node1');
  const fault = `kill -9 of ${node.name}`;
  const before = await statusOf(topology, node).catch(() => 'not read');
  const window = await faultWindow(load, fault);
  const { at } = window;
  node.signal('SIGKILL');
  const outAt = await whenTrue(statusIs(topology, node, 'DOWN'), LEAVE_WITHIN_MS);
  const answeredAt = await everyMinerAnswered(load, outAt ?? at);
  const figures = await window.close();
  const repairedAt = Date.now();
  node.start();
  const backAt = await whenTrue(statusIs(topology, node, 'UP'), RETURN_WITHIN_MS);
  return faultRow({ fault, before, at, outAt, answeredAt, repairedAt, backAt }, figures);
}

/** The node's own /readyz, waited for longer than it waits for the database (2 s). */
const answers503 = (node: TopologyNode) => async () => {
  const response = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(5000) });
  await response.body?.cancel();
  return response.status === 503;
};

/** node2's wire to the database held for CUT_MS, then mended. */
async function cutNode(topology: Topology, load: Load) {
  const node = topology.nodes[1];
  if (!node) throw new Error('no node2');
  const fault = `${node.name} cut from the database for ${CUT_MS / 1000} s`;
  const before = await statusOf(topology, node).catch(() => 'not read');
  const window = await faultWindow(load, fault);
  const { at } = window;
  await node.cutFromDatabase(true);
  const [notReadyAt, outAt] = await Promise.all([
    whenTrue(answers503(node), LEAVE_WITHIN_MS),
    whenTrue(statusIs(topology, node, 'DOWN'), LEAVE_WITHIN_MS),
  ]);
  await sleep(Math.max(0, at + CUT_MS - Date.now()));
  await node.cutFromDatabase(false);
  const repairedAt = Date.now();
  const backAt = await whenTrue(statusIs(topology, node, 'UP'), RETURN_WITHIN_MS);
  const answeredAt = await everyMinerAnswered(load, repairedAt);
  const times = { fault, before, at, outAt, notReadyAt, answeredAt, repairedAt, backAt };
  return faultRow(times, await window.close());
}

/** PostgreSQL stopped (fast) and started again; HAProxy has every node out meanwhile. */
async function restartPostgres(topology: Topology, load: Load) {
  const fault = 'PostgreSQL restarted (pg_ctl stop -m fast, start)';
  const window = await faultWindow(load, fault);
  const { at } = window;
  topology.postgres.stop('fast');
  topology.postgres.start();
  const repairedAt = Date.now();
  const [readyAt, backAt] = await Promise.all([
    whenTrue(
      async () => (await Promise.all(topology.nodes.map((node) => node.ready()))).every(Boolean),
      RETURN_WITHIN_MS,
    ),
    whenTrue(everyNodeUp(topology), RETURN_WITHIN_MS),
  ]);
  const answeredAt = await everyMinerAnswered(load, backAt ?? Date.now());
  const times = { fault, at, readyAt, answeredAt, repairedAt, backAt };
  return faultRow(times, await window.close());
}

/**
 * Each node sent SIGHUP in turn (its rolling restart, README "Deploying without downtime"); the
 * next once every worker of the last is a new one, as many as before.
 */
async function deployNodeByNode(topology: Topology, load: Load) {
  const fault = 'node-by-node deploy (SIGHUP, each node in turn)';
  const window = await faultWindow(load, fault);
  const { at } = window;
  for (const node of topology.nodes) {
    const primary = node.process?.pid;
    if (!primary) throw new Error(`${node.name} is not running`);
    const workers = () => workerPids(primary);
    const before = workers();
    node.signal('SIGHUP');
    const rolled = await whenTrue(
      async () => everyWorkerReplaced(before, workers()),
      ROLL_WITHIN_MS,
    );
    if (rolled === null) console.log(`${fault}: ${node.name} did not roll within 3 minutes`);
  }
  const repairedAt = Date.now();
  const backAt = await whenTrue(everyNodeUp(topology), RETURN_WITHIN_MS);
  const answeredAt = await everyMinerAnswered(load, repairedAt);
  return faultRow({ fault, at, answeredAt, repairedAt, backAt }, await window.close());
}

/** The four faults one after the other, a row of figures each. */
export async function topologyFaults(topology: Topology, load: Load) {
  return [
    await killNode(topology, load),
    await cutNode(topology, load),
    await restartPostgres(topology, load),
    await deployNodeByNode(topology, load),
  ];
}
