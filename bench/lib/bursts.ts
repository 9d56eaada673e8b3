// The miners scenario's bursts (decision 030): a rolling restart of the server processes in the
// middle of the run, the ping latency over the whole run (arrivals included), and every miner
// pressing Stop within a short window.
import { readdirSync, readFileSync } from 'node:fs';
import {
  cpuMeter,
  everyWorkerReplaced,
  ledgerTotals,
  percentile,
  postgresPids,
  type startLoad,
  workerPids,
} from './miners.ts';
import { vacuumRuns } from './vacuum-runs.ts';

type Load = Awaited<ReturnType<typeof startLoad>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the roll and the streams' return may take before the phase reports a failure. */
const ROLL_DEADLINE_MS = 5 * 60_000;
/** Pings keep going this long after every stream is back, so each miner has pinged again. */
const AFTER_ROLL_MS = 31_000;

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** Open files (its sockets, mostly) and CPU ticks of one process; zeros once it is gone. */
function processSample(pid: number): { files: number; ticks: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      files: readdirSync(`/proc/${pid}/fd`).length,
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return { files: 0, ticks: 0 };
  }
}

/** The kernel's count of connections dropped because a listening socket's queue was full. */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const names = lines[0]?.split(' ') ?? [];
  const values = lines[1]?.split(' ') ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? 0);
}

/**
 * Connections not yet accepted on the port, summed over every listening socket of it (each server
 * process listens on several, decision 034), and how many sockets listen.
 */
function acceptQueue(port: number): string {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let queued = 0;
  let sockets = 0;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[3] === '0A' && fields[1]?.endsWith(`:${hex}`)) {
      queued += Number.parseInt(fields[4]?.split(':')[1] ?? '0', 16);
      sockets++;
    }
  }
  return `${queued} on ${sockets} sockets`;
}

/**
 * While the roll runs, a line every 2 s: each worker's open files (its connections) and CPU %,
 * and the miners' open streams, so where the connections went and which process was busy shows.
 * Only when BENCH_ROLL_TIMELINE asks for it: with 50,000 streams open, one sample reads about
 * 100,000 sockets' lines and file descriptors, a fifth of a second of CPU taken from the roll
 * it measures.
 */
function rollTimeline(primary: number, load: Load, signalledAt: number, port: number) {
  const lines: string[] = [];
  if (!process.env.BENCH_ROLL_TIMELINE) return () => lines;
  const overflowsBefore = listenOverflows();
  let loadCpu = cpuMeter(load.pids);
  let postgresCpu = cpuMeter(postgresPids);
  let last = new Map<number, number>();
  let lastAt = Date.now();
  const timer = setInterval(async () => {
    const now = Date.now();
    const pids = [primary, ...workerPids(primary)];
    const cells = pids.map((pid) => {
      const { files, ticks } = processSample(pid);
      const cpu = last.has(pid) ? (ticks - (last.get(pid) ?? 0)) / ((now - lastAt) / 1000) : 0;
      return { pid, files, ticks, cpu: Math.round(cpu) };
    });
    last = new Map(cells.map((c) => [c.pid, c.ticks]));
    lastAt = now;
    const streams = (await load.streams()).reduce((n, s) => n + s.openStreams, 0);
    const others = `load ${loadCpu()}%, PostgreSQL ${postgresCpu()}%, accept queues ${acceptQueue(port)}, overflows ${listenOverflows() - overflowsBefore}`;
    loadCpu = cpuMeter(load.pids);
    postgresCpu = cpuMeter(postgresPids);
    lines.push(
      `${seconds(now - signalledAt)} s: streams ${streams}; ${others}; ${cells.map((c) => `${c.pid} ${c.files} files ${c.cpu}%`).join(', ')}`,
    );
  }, 2000);
  return () => {
    clearInterval(timer);
    return lines;
  };
}

/**
 * SIGHUP to the primary mid-run: how long until every worker was replaced, how long until every
 * miner's event stream was served by a new one (handed over and told `resync`, or told to come
 * back within EVENTS_RECONNECT_WINDOW_MS and opened again), the pings that failed meanwhile, and wallets that no longer equal
 * their ledger rows.
 */
export async function rollingRestartPhase(options: {
  load: Load;
  primary: number;
  /** The server's port. */
  port: number;
  miners: number;
  databaseUrl: string;
}) {
  const { load, primary, miners } = options;
  await load.window();
  const before = workerPids(primary);
  const streamsBefore = await load.streams();
  const reconnectsBefore = streamsBefore.reduce((n, s) => n + s.streamReconnects, 0);
  const resyncsBefore = streamsBefore.reduce((n, s) => n + s.streamResyncs, 0);
  const signalledAt = Date.now();
  const timeline = rollTimeline(primary, load, signalledAt, options.port);
  process.kill(primary, 'SIGHUP');
  let rolledAt: number | null = null;
  let streamsBackAt: number | null = null;
  while (Date.now() - signalledAt < ROLL_DEADLINE_MS && streamsBackAt === null) {
    await sleep(250);
    const now = workerPids(primary);
    if (rolledAt === null && everyWorkerReplaced(before, now)) rolledAt = Date.now();
    if (rolledAt === null) continue;
    // Back: opened again, or told `resync` by the process that took it over. A stream whose
    // connection still waits between processes hears nothing, so it is not back yet.
    const streams = await load.streams(signalledAt);
    if (streams.reduce((n, s) => n + s.liveSince, 0) >= miners) streamsBackAt = Date.now();
  }
  await sleep(AFTER_ROLL_MS);
  const lines = timeline();
  const reports = await load.report();
  const pings = reports.flatMap((report) => report.pingLatencies);
  const reconnects =
    reports.reduce((n, report) => n + report.streamReconnects, 0) - reconnectsBefore;
  const totals = await ledgerTotals(options.databaseUrl);
  const row = {
    'processes replaced': before.length,
    'roll s': rolledAt === null ? 'NOT DONE' : seconds(rolledAt - signalledAt),
    'streams handed over': reports.reduce((n, r) => n + r.streamResyncs, 0) - resyncsBefore,
    'streams told to reconnect': reconnects,
    'all streams back s':
      streamsBackAt === null ? 'NOT BACK' : seconds(streamsBackAt - signalledAt),
    pings: pings.length,
    'ping p99 ms': Math.round(percentile(pings, 99)),
    'ping max ms': Math.round(pings.reduce((max, ms) => Math.max(max, ms), 0)),
    'failed requests': reports.reduce((n, report) => n + report.errors, 0),
    'wallets not equal to their ledger': Number(totals?.mismatched ?? -1),
    // A stalled load process delays what it measures; its lag over the roll is shown beside.
    'load loop lag max ms': Math.round(Math.max(...reports.map((r) => r.loopDelayMaxMs))),
  };
  console.log('\nRolling restart (SIGHUP to the primary mid-run):');
  console.table([row]);
  const failures = reports.flatMap((report) => report.errorSamples);
  if (failures.length > 0) console.log('failures, first of each process:', failures);
  console.log(
    `stream opens tried again after a failure (the page's back-off): ${reports.reduce((n, r) => n + r.streamRetries, 0)}`,
  );
  console.log(`errors of the run so far, by kind: ${JSON.stringify(errorKinds(reports))}`);
  if (lines.length > 0) console.log(lines.join('\n'));
  const ok =
    rolledAt !== null &&
    streamsBackAt !== null &&
    streamsBackAt - signalledAt <= 60_000 &&
    row['failed requests'] === 0 &&
    row['wallets not equal to their ledger'] === 0;
  console.log(
    ok
      ? 'The rolling restart failed no request, kept the ledger exact, and every stream was back within 60 s.'
      : 'The rolling restart MISSED its target (0 failed requests, 0 ledger differences, every stream back within 60 s).',
  );
  if (!ok) process.exitCode = 1;
}

/** The load processes' errors by kind, added up. */
function errorKinds(reports: { errorKinds: Record<string, number> }[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const report of reports)
    for (const [kind, n] of Object.entries(report.errorKinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  return kinds;
}

/** Where a phase of the miners scenario begins (ms since the epoch); it ends where the next does. */
export interface PhaseMark {
  phase: string;
  from: number;
}

/** A ping slower than this counts against the whole run's target (p99 ≤ 100 ms). */
const SLOW_PING_MS = 100;

/**
 * The whole run's pings split by the phase they were sent in, and the seconds with the most slow
 * pings: where the whole run's tail comes from.
 */
function wholeRunByPhase(reports: Awaited<ReturnType<Load['report']>>, phases: PhaseMark[]) {
  const latencies = reports.flatMap((report) => report.pingLatenciesWholeRun);
  const sentAt = reports.flatMap((report) => report.pingSentAtWholeRun);
  const onNew = reports.flatMap((report) => report.pingNewConnectionWholeRun);
  const byPhase = phases.map(() => [] as number[]);
  const slowOnNewByPhase = phases.map(() => 0);
  const slowBySecond = new Map<number, number>();
  const slowSecondsByPhase = phases.map(() => new Map<number, number>());
  const start = phases[0]?.from ?? 0;
  latencies.forEach((ms, i) => {
    const at = sentAt[i] ?? 0;
    let phase = 0;
    while (phase + 1 < phases.length && at >= (phases[phase + 1]?.from ?? 0)) phase++;
    byPhase[phase]?.push(ms);
    if (ms > SLOW_PING_MS && onNew[i] === 1)
      slowOnNewByPhase[phase] = (slowOnNewByPhase[phase] ?? 0) + 1;
    if (ms > SLOW_PING_MS) {
      const second = Math.floor((at - start) / 1000);
      slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
      const ofPhase = slowSecondsByPhase[phase];
      ofPhase?.set(second, (ofPhase.get(second) ?? 0) + 1);
    }
  });
  console.log('\nPings over the whole run, by the phase they were sent in:');
  console.table(
    phases.map(({ phase, from }, i) => {
      const pings = byPhase[i] ?? [];
      return {
        phase,
        'from s': Math.round((from - start) / 1000),
        pings: pings.length,
        'p50 ms': Math.round(percentile(pings, 50)),
        'p99 ms': Math.round(percentile(pings, 99)),
        [`over ${SLOW_PING_MS} ms`]: pings.filter((ms) => ms > SLOW_PING_MS).length,
        // A ping on a new connection waited for its handshake too (the pool moving in a roll).
        'of which on a new connection': slowOnNewByPhase[i] ?? 0,
      };
    }),
  );
  const worstOf = (seconds: Map<number, number>, n: number) =>
    [...seconds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .sort((a, b) => a[0] - b[0])
      .map(([second, slow]) => `${second}: ${slow}`)
      .join(', ');
  console.log(
    `the seconds with the most pings over ${SLOW_PING_MS} ms (seconds since the first arrival: pings): ${worstOf(slowBySecond, 12)}`,
  );
  // A tail that recurs (a job's tick, a VACUUM) shows as evenly spaced seconds within a phase.
  phases.forEach(({ phase }, i) => {
    const seconds = slowSecondsByPhase[i];
    if (seconds?.size) console.log(`  ${phase}: ${worstOf(seconds, 8)}`);
  });
  const since = (at: number) => ((at - start) / 1000).toFixed(1);
  const vacuums = vacuumRuns.filter(({ to }) => to >= start);
  if (vacuums.length > 0)
    console.log(
      `  VACUUM (ANALYZE) ran (seconds since the first arrival): ${vacuums.map(({ from, to }) => `${since(from)}–${since(to)}`).join(', ')}`,
    );
}

/**
 * Every miner presses Stop at a moment spread over `withinMs`: how many were answered, and how
 * long they took (a Stop answered 503 counts until its retry is answered). Also the pings'
 * latency over the whole run, from the first arrival to the last Stop.
 */
export async function stopBurstPhase(
  load: Load,
  miners: number,
  withinMs: number,
  phases: PhaseMark[],
) {
  const startedAt = Date.now();
  await load.stop(withinMs);
  const reports = await load.report();
  const stops = reports.flatMap((report) => report.stopLatencies);
  const whole = reports.flatMap((report) => report.pingLatenciesWholeRun);
  const queued = reports.flatMap((report) => report.socketWaitsWholeRun);
  const errors = reports.reduce((sum, report) => sum + report.errors, 0);
  const row = {
    miners,
    'Stops sent within s': seconds(withinMs),
    answered: reports.reduce((sum, report) => sum + report.stopsAnswered, 0),
    'deferred (503, sent again)': reports.reduce((sum, report) => sum + report.stopsDeferred, 0),
    'Stop p50 ms': Math.round(percentile(stops, 50)),
    'Stop p99 ms': Math.round(percentile(stops, 99)),
    'Stop max ms': Math.round(stops.reduce((max, ms) => Math.max(max, ms), 0)),
    'phase s (with the 3 s wait)': seconds(Date.now() - startedAt),
    errors,
  };
  console.log(`\nStop burst: every miner pressed Stop within ${seconds(withinMs)} s:`);
  console.table([row]);
  if (errors > 0)
    console.log(
      'errors, first of each process:',
      reports.map((r) => r.errorSamples),
    );
  console.log(`errors of the whole run, by kind: ${JSON.stringify(errorKinds(reports))}`);
  console.log(
    `\nPings over the whole run, arrivals, rolling restart and Stops included: ${whole.length} pings, p50 ${Math.round(percentile(whole, 50))} ms, p99 ${Math.round(percentile(whole, 99))} ms, max ${Math.round(whole.reduce((max, ms) => Math.max(max, ms), 0))} ms (of which waiting for one of the load processes' pooled connections: p99 ${Math.round(percentile(queued, 99))} ms).`,
  );
  wholeRunByPhase(reports, phases);
  return reports;
}
