import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The realistic miners scenario: N signed-in miners, each holding its event stream open
 * and pinging every 30 s in real time, a reward interval of 60 s, load from several processes on
 * several loopback source addresses. Users and their sessions are written straight into the bench
 * database (signing up 50,000 people is not what is measured); everything measured goes through
 * HTTP, and the ledger is checked at the end.
 */

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** i written in 7 letters of the referral alphabet, so every seeded code is distinct and valid. */
function referralDigits(i: number): string {
  let digits = '';
  let rest = i;
  for (let place = 0; place < 7; place++) {
    digits = (ALPHABET[rest % ALPHABET.length] ?? 'A') + digits;
    rest = Math.floor(rest / ALPHABET.length);
  }
  return digits;
}

/** `count` verified users with a wallet and a signed-in session each; returns their tokens. */
export async function seedMiners(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE system_settings SET value = '{"seconds": 60}' WHERE key = 'mining_reward_interval'`,
    );
    const tokens: string[] = [];
    const CHUNK = 5000;
    for (let from = 0; from < count; from += CHUNK) {
      const ids: string[] = [];
      const emails: string[] = [];
      const codes: string[] = [];
      const hashes: string[] = [];
      for (let i = from; i < Math.min(count, from + CHUNK); i++) {
        const token = randomBytes(32).toString('base64url');
        tokens.push(token);
        ids.push(randomUUID());
        emails.push(`miner-${i}@bench.local`);
        codes.push(`B${referralDigits(i)}`);
        hashes.push(createHash('sha256').update(token).digest('hex'));
      }
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO users (id, email, password_hash, email_verified_at)
         SELECT id, email, 'bench-no-login', now() FROM unnest($1::uuid[], $2::text[]) AS u(id, email)`,
        [ids, emails],
      );
      await client.query(
        'INSERT INTO profiles (id, referral_code) SELECT * FROM unnest($1::uuid[], $2::text[])',
        [ids, codes],
      );
      await client.query('INSERT INTO wallets (user_id) SELECT unnest($1::uuid[])', [ids]);
      await client.query(
        `INSERT INTO sessions (token_hash, kind, user_id, expires_at)
         SELECT hash, 'user', id, now() + interval '1 day'
         FROM unnest($1::text[], $2::uuid[]) AS s(hash, id)`,
        [hashes, ids],
      );
      await client.query('COMMIT');
    }
    return tokens;
  } finally {
    await client.end();
  }
}

interface LoadReport {
  pingLatencies: number[];
  /** Of each ping's time, how long it waited for one of the load process's pooled connections. */
  socketWaits: number[];
  rewardLags: number[];
  errors: number;
  errorSamples: string[];
  errorsBeforeWindow: number;
  errorSamplesBeforeWindow: string[];
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gcPauseMaxMs: number;
  /** The load process's own CPU over the window, % of one core. */
  cpuPercent: number;
  openStreams: number;
  /** Streams the server ended with a `reconnect` event, each opened again. */
  streamReconnects: number;
  /** Streams a server process took over from another, told to refetch (decision 042). */
  streamResyncs: number;
  /** Stream opens that failed and were tried again after the page's back-off. */
  streamRetries: number;
  /** Every error of the run by kind, never reset. */
  errorKinds: Record<string, number>;
  /** When the run's last error happened, ms since the epoch (0: none yet); never reset. */
  lastErrorAt: number;
  /** Every ping of the run, the arrivals' included (never reset by a window). */
  pingLatenciesWholeRun: number[];
  socketWaitsWholeRun: number[];
  /** When each of those was sent, ms since the epoch. */
  pingSentAtWholeRun: number[];
  /** Whether each went on a new connection (1) or a pooled one (0). */
  pingNewConnectionWholeRun: number[];
  /** Each Stop's time until it was answered for good. */
  stopLatencies: number[];
  stopsAnswered: number;
  /** Stops answered 503 with Retry-After and sent again after it. */
  stopsDeferred: number;
  rewardUnits: string;
  rewardEvents: number;
  stopUnits: string;
}

/**
 * The load processes, each on its own source address (by default 127.0.0.10 onwards; a server
 * beyond loopback needs addresses that reach it), and how to talk to them.
 */
export async function startLoad(
  baseUrl: string,
  processes: number,
  sourceAddress = (index: number) => `127.0.0.${10 + index}`,
) {
  const children: ChildProcess[] = [];
  const pending = new Map<ChildProcess, ((value: unknown) => void)[]>();
  // BENCH_LOAD_NODE_ARGS: extra Node options for the load processes, e.g. --cpu-prof.
  const nodeArgs = process.env.BENCH_LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const execArgv = ['--import', 'tsx', '--max-old-space-size=4096', ...nodeArgs];
  // BENCH_LOAD_NICE: the load processes' scheduling priority (nice), e.g. -5. Browsers run on
  // their own machines; here the load shares two cores with the server, and a load process that
  // waits for a core adds its wait to every ping it has in flight. Set through `nice` so every
  // thread of the process has it, not only the first.
  const nice = process.env.BENCH_LOAD_NICE;
  for (let i = 0; i < processes; i++) {
    const child = fork(
      path.join(import.meta.dirname, 'miner-load.ts'),
      [baseUrl, sourceAddress(i)],
      {
        ...(nice
          ? { execPath: 'nice', execArgv: ['-n', nice, process.execPath, ...execArgv] }
          : { execArgv }),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    pending.set(child, []);
    child.on('message', (message) => pending.get(child)?.shift()?.(message));
    children.push(child);
  }
  const ask = <T>(child: ChildProcess, message: unknown) =>
    new Promise<T>((resolve) => {
      pending.get(child)?.push(resolve as (value: unknown) => void);
      child.send(message as object);
    });
  await Promise.all(
    children.map((child) => new Promise((resolve) => pending.get(child)?.push(resolve))),
  );
  const all = <T>(message: unknown) => Promise.all(children.map((child) => ask<T>(child, message)));
  return {
    /** Adds miners, split between the processes, starting evenly over `rampMs`. */
    async add(tokens: string[], rampMs: number) {
      await Promise.all(
        children.map((child, i) =>
          ask(child, {
            cmd: 'add',
            tokens: tokens.filter((_, index) => index % children.length === i),
            rampMs,
          }),
        ),
      );
    },
    window: () => all({ cmd: 'window' }),
    report: () => all<LoadReport>({ cmd: 'report' }),
    /**
     * The streams' counts; `liveSince`: streams opened or told `resync` since that moment;
     * `mining`: miners with a session, `answeredSince`: those of them with a ping answered since.
     */
    streams: (since?: number) =>
      all<{
        openStreams: number;
        streamReconnects: number;
        streamResyncs: number;
        streamRetries: number;
        liveSince: number;
        mining: number;
        answeredSince: number;
      }>({
        cmd: 'streams',
        since,
      }),
    /**
     * The sum of every miner's balance, as their pages read it (units, as a string each); a
     * process whose reads failed says why, its units then 0.
     */
    balances: () => all<{ units: string; error?: string }>({ cmd: 'balances' }),
    /** Every miner presses Stop, at moments spread evenly over `withinMs`. */
    stop: (withinMs: number) => all({ cmd: 'stop', withinMs }),
    /** The load processes, for their CPU. */
    pids: () => children.map((child) => child.pid ?? 0),
    close() {
      // With Node options given, a process is asked to exit, so that a profile is written.
      for (const child of children) {
        if (nodeArgs.length > 0) child.send({ cmd: 'exit' });
        else child.kill('SIGKILL');
      }
    },
  };
}

const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The worker processes of a cluster's primary: its children but tsx's esbuild service (Node 24
 * names its main thread, so a worker's command name is `MainThread`, not `node`).
 */
export function workerPids(primary: number): number[] {
  try {
    const children = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' });
    return children
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'esbuild';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** Whether a rolling restart is done: as many workers as `before`, none of them among those. */
export const everyWorkerReplaced = (before: number[], now: number[]) =>
  now.length === before.length && now.every((pid) => !before.includes(pid));

/** The server's processes: the primary, its workers and the processes they start. */
export function serverPids(primary: number): number[] {
  try {
    const children = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' });
    // Their children too: a snapshot of proof of balances runs in a process a server starts.
    return [primary, ...children.split('\n').filter(Boolean).map(Number).flatMap(serverPids)];
  } catch {
    return [primary];
  }
}

/** Every process of the PostgreSQL server (postmaster, backends, writers). */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * CPU use of a set of processes over a window, as % of one core; a process that starts during the
 * window counts from zero (one that ends is missed: PostgreSQL backends live as long as the pools).
 */
/** The CPU seconds `pids` have used since the meter was made, as a function read at the end. */
export function cpuSecondsMeter(pids: () => number[]) {
  const start = new Map(pids().map((pid) => [pid, cpuTicks(pid)]));
  return () =>
    pids().reduce((sum, pid) => sum + cpuTicks(pid) - (start.get(pid) ?? 0), 0) / TICKS_PER_SECOND;
}

export function cpuMeter(pids: () => number[]) {
  const used = cpuSecondsMeter(pids);
  const startedAt = performance.now();
  return () => {
    const seconds = (performance.now() - startedAt) / 1000;
    return Math.round((used() / seconds) * 100);
  };
}

export const memoryOf = (pids: number[]) => pids.reduce((sum, pid) => sum + rssBytes(pid), 0);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The ledger's own totals: MINING rows, balances, and wallets that do not equal their rows. */
export async function ledgerTotals(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      mining: string;
      balances: string;
      transactions: string;
      mismatched: string;
    }>(`
      SELECT (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions
               WHERE transaction_type = 'MINING') AS mining,
             (SELECT coalesce(sum(balance), 0)::numeric(20,8)::text FROM wallets) AS balances,
             (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions) AS transactions,
             (SELECT count(*)::text FROM wallets w WHERE w.balance <>
                (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = w.user_id)) AS mismatched`);
    return rows[0];
  } finally {
    await client.end();
  }
}
