// The miners scenario's fleet on several machines (docs/scaling.md, decision 054): three nodes
// behind HAProxy on PostgreSQL through PgBouncer, each a host of its own (scripts/topology), N
// miners at their real cadence through HAProxy. A 30 s window with the database next door (0 ms),
// then 0.5 ms each way; with the miners still online at 0.5 ms, a node killed outright, a node cut
// from the database, PostgreSQL restarted (topology-faults.ts); after each run of miners, their
// Stops and the ledger check. Linux, as root: skipped otherwise.
import { fromUnits } from '@btcp/shared/decimal';
import pg from 'pg';
import {
  missingPrerequisites,
  startTopology,
  stopTopology,
  type Topology,
} from '../../scripts/topology/index.mjs';
import { arrivalMs, rampMs } from './miner-pace.ts';
import { ledgerTotals, percentile, seedMiners, startLoad } from './miners.ts';
import { type Load, sum, topologyFaults } from './topology-faults.ts';

const MINERS = Number(process.env.BENCH_TOPOLOGY_MINERS ?? 10_000);
const WINDOW_SECONDS = 30;
/**
 * Server processes a node (each node supervised by scripts/topology, so a SIGHUP rolls even one): the
 * three nodes share this machine's two cores, where two each had the pings' p99 at 169-182 ms.
 */
const NODE_PROCESSES = Number(process.env.BENCH_TOPOLOGY_PROCESSES ?? 1);
/** Up to 10,000 miners per load process, as in the miners scenario. */
const LOAD_PROCESSES = Math.max(2, Math.ceil(MINERS / 10_000));
/**
 * HAProxy processes sharing the balancer's port: one holds 9,950 connections under this machine's
 * limit of 20,000 open files, which a container without CAP_SYS_RESOURCE cannot raise; a miner
 * holds its stream, and the pings' pooled connections come on top.
 */
const BALANCERS = Math.max(2, Math.ceil(MINERS / 8000));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function topologyMinersScenario() {
  const problem = missingPrerequisites();
  if (problem) {
    console.log(`\nMiners on the topology: skipped, ${problem}.`);
    return;
  }
  // Ctrl-C or a timeout's SIGTERM end the run through 'exit', which tears the topology down.
  const exit = () => process.exit(1);
  process.once('exit', stopTopology).once('SIGINT', exit).once('SIGTERM', exit);
  try {
    const topology = await startTopology({
      delayMs: 0,
      balancers: BALANCERS,
      webConcurrency: NODE_PROCESSES,
    });
    const addresses = topology.clientAddresses(LOAD_PROCESSES);
    const tokens = await seedMiners(topology.databaseUrl, MINERS);
    console.log(
      `\nMiners on the topology (3 nodes of ${NODE_PROCESSES} processes behind HAProxy (${BALANCERS} processes on one port), PgBouncer, PostgreSQL, each a host of its own): ${MINERS.toLocaleString('en-US')} miners through HAProxy, each with its event stream open, a ping every 30 s, rewards every 60 s; ${WINDOW_SECONDS} s measured once they all run:`,
    );
    let onlineMs = 0;
    const near = await onlineMiners(topology, tokens, addresses);
    try {
      printSteady(await steadyWindow(near.load, 0));
      await near.load.stop(rampMs(MINERS));
      onlineMs += Date.now() - near.since;
      await checkLedger(topology.databaseUrl, near.load, onlineMs, 'after the 0 ms run');
    } finally {
      near.load.close();
    }
    await topology.delayLine.setDelay(0.5);
    const far = await onlineMiners(topology, tokens, addresses);
    try {
      printSteady(await steadyWindow(far.load, 0.5));
      console.log(
        `\nFaults with the ${MINERS.toLocaleString('en-US')} miners online, 0.5 ms each way (seconds from the fault; "repaired": the node started again, the wire mended, PostgreSQL started again, the last node rolled; "back in rotation" after the repair):`,
      );
      console.table(await topologyFaults(topology, far.load));
      await far.load.stop(rampMs(MINERS));
      onlineMs += Date.now() - far.since;
      await checkLedger(topology.databaseUrl, far.load, onlineMs, 'after the faults');
    } finally {
      far.load.close();
    }
  } finally {
    stopTopology();
    process.off('exit', stopTopology).off('SIGINT', exit).off('SIGTERM', exit);
  }
}

/** The miners in load processes bound to this machine's addresses on the topology's bridge. */
async function onlineMiners(topology: Topology, tokens: string[], addresses: string[]) {
  const load = await startLoad(topology.url, addresses.length, (i) => addresses[i] ?? '');
  const since = Date.now();
  await load.add(tokens, arrivalMs(tokens.length));
  return { load, since };
}

/**
 * A window once every miner has arrived: each one pings once within it (they arrived over the
 * ramp, each pinging 30 s after its Start).
 */
async function steadyWindow(load: Load, delayMs: number) {
  await load.window();
  await sleep(WINDOW_SECONDS * 1000);
  const reports = await load.report();
  const pings = reports.flatMap((report) => report.pingLatencies);
  const samples = reports.flatMap((report) => [
    ...report.errorSamplesBeforeWindow,
    ...report.errorSamples,
  ]);
  return {
    row: {
      'delay ms each way': delayMs,
      miners: MINERS,
      'open streams': sum(reports, (report) => report.openStreams),
      pings: pings.length,
      'ping p50 ms': Math.round(percentile(pings, 50)),
      'ping p99 ms': Math.round(percentile(pings, 99)),
      'ping max ms': Math.round(pings.reduce((max, ms) => Math.max(max, ms), 0)),
      errors: sum(reports, (report) => report.errors),
      'errors while arriving': sum(reports, (report) => report.errorsBeforeWindow),
      'load loop lag max ms': Math.round(Math.max(...reports.map((r) => r.loopDelayMaxMs))),
    },
    samples,
  };
}

function printSteady({ row, samples }: Awaited<ReturnType<typeof steadyWindow>>) {
  console.log(`\n${row['delay ms each way']} ms each way between the nodes and the database:`);
  console.table([row]);
  if (samples.length > 0) console.log('errors, first of each process:', samples);
}

/**
 * Each miner's paid seconds (every MINING row names its seconds) against the time the bench had
 * it online: a reward paid twice shows as more seconds than that. Also who was paid nothing and
 * the sessions still open after every Stop.
 */
async function paidSeconds(databaseUrl: string, onlineSeconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      over: string;
      unpaid: string;
      most: string;
      median: string;
      open: string;
    }>(
      `SELECT count(*) FILTER (WHERE paid > $1)::text AS over,
              count(*) FILTER (WHERE paid = 0)::text AS unpaid,
              coalesce(max(paid), 0)::text AS most,
              coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY paid), 0)::text AS median,
              (SELECT count(*) FROM mining_sessions)::text AS open
       FROM (SELECT u.id, coalesce(sum((regexp_match(t.description, '(\\d+) s at'))[1]::int), 0) AS paid
             FROM users u
             LEFT JOIN transactions t ON t.user_id = u.id AND t.transaction_type = 'MINING'
             WHERE u.email LIKE 'miner-%@bench.local' GROUP BY u.id) AS miners`,
      [onlineSeconds],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * After the Stops: the miners' balances as their pages read them (GET /api/wallet), the MINING
 * transactions and the balances are one sum, every wallet is its transactions' sum, and no miner
 * was paid for more seconds than it was online. A difference sets exit code 1.
 */
async function checkLedger(databaseUrl: string, load: Load, onlineMs: number, when: string) {
  const onlineSeconds = Math.ceil(onlineMs / 1000);
  const totals = await ledgerTotals(databaseUrl);
  const read = await load.balances();
  const pages = read.reduce((total, one) => total + BigInt(one.units), 0n);
  const unread = read.flatMap((one) => one.error ?? []);
  if (unread.length > 0) console.log("miners' balances not read:", unread);
  const paid = await paidSeconds(databaseUrl, onlineSeconds);
  console.log(`\nLedger ${when}:`);
  console.table([
    {
      "miners' balances on their pages": fromUnits(pages),
      'MINING transactions': totals?.mining,
      'balances in the database': totals?.balances,
      'wallets not equal to their transactions': Number(totals?.mismatched),
      'miners paid beyond their time online': Number(paid?.over),
      'paid seconds, median / most': `${paid?.median} / ${paid?.most} (online ${onlineSeconds})`,
      'miners paid nothing': Number(paid?.unpaid),
      'sessions still open': Number(paid?.open),
    },
  ]);
  const exact =
    unread.length === 0 &&
    totals?.mining === fromUnits(pages) &&
    totals?.mining === totals?.balances &&
    totals?.balances === totals?.transactions &&
    totals?.mismatched === '0' &&
    paid?.over === '0';
  if (!exact) {
    process.exitCode = 1;
    console.log('LEDGER MISMATCH');
  }
}
