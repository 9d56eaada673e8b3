import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { type LoadResult, measure } from './http-load.ts';
import { evenArrivalMs, MINER_SERVER_PROCESSES, rampMs } from './miner-pace.ts';
import { memoryOf, percentile, seedMiners, serverPids, startLoad } from './miners.ts';
import { type ScratchDatabase, startAppServer, startBareServer, stop } from './processes.ts';

/**
 * Proof of balances (docs/decisions/053-proof-of-balances.md) at launch size: 1,000,000 wallets
 * seeded set-wise on PostgreSQL, 10,000 miners online at their real cadence. Measured: the time of
 * an admin's "Take a snapshot now", the server's peak memory above what it held just before, the
 * miners' ping p99 while the snapshot runs against a window just before it, and
 * GET /api/wallet/proof against the bare route at 50 connections.
 */
const WALLETS = Number(process.env.BENCH_PROOF_WALLETS ?? 1_000_000);
const MINERS = Number(process.env.BENCH_PROOF_MINERS ?? 10_000);
const BASELINE_SECONDS = Number(process.env.BENCH_PROOF_BASELINE_SECONDS ?? 60);
/**
 * Members with a balance who are also signed in, for the proof route's load: more than the two
 * passes of first asks use, so each of their requests is a member's first. The first pass starts
 * right after the snapshot, while each process reads it into memory (decision 053); the second,
 * with other members, once it is held. Then the first `REPEATERS` ask again, as their wallet
 * pages do on every visit.
 */
const PROVERS = Math.min(150_000, WALLETS);
const REPEATERS = 1000;
const ADMIN_COOKIE = '__Host-btcp_admin_session';
const MEMBER_COOKIE = '__Host-btcp_session';
const GOALS = {
  snapshotSeconds: 60,
  extraMemoryMb: 512,
  pingSlowdown: 1.2,
  proofShare: 0.3,
  proofP99Ms: 20,
};

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `WALLETS` members with a balance each, written set-wise by PostgreSQL itself (users, profiles,
 * wallets and the ledger row that explains each balance), and an admin and `PROVERS` of the
 * members signed in. Returns the tokens.
 */
export async function seedWallets(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // The rows are consistent by construction (each profile, wallet and ledger row names a user
    // made just before), so the seed skips the per-row foreign-key checks, as pg_restore does:
    // with them, a million profiles lock a million users one by one and take minutes.
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`CREATE TEMP TABLE seeded ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, i, round((random() * 1000 + 0.00000001)::numeric, 8) AS balance
      FROM generate_series(1, ${WALLETS}) AS i`);
    await client.query(`INSERT INTO users (id, email, password_hash, email_verified_at)
      SELECT id, 'holder-' || i || '@bench.local', 'bench-no-login', now() FROM seeded`);
    // Eight letters of the referral alphabet: 'W' and i in base 31.
    const digits = [6, 5, 4, 3, 2, 1, 0].map(
      (place) =>
        `substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((i / ${31 ** place}) % 31)::int + 1, 1)`,
    );
    await client.query(
      `INSERT INTO profiles (id, referral_code) SELECT id, 'W' || ${digits.join(' || ')} FROM seeded`,
    );
    await client.query('INSERT INTO wallets (user_id, balance) SELECT id, balance FROM seeded');
    await client.query(`INSERT INTO transactions (user_id, amount, transaction_type, description)
      SELECT id, balance, 'ADMIN_ADJUSTMENT', 'Bench balance' FROM seeded`);
    const provers = Array.from({ length: PROVERS }, () => randomBytes(32).toString('base64url'));
    await client.query(
      `INSERT INTO sessions (token_hash, kind, user_id, expires_at)
       SELECT s.h, 'user', seeded.id, now() + interval '1 day'
       FROM unnest($1::text[]) WITH ORDINALITY AS s(h, n) JOIN seeded ON seeded.i = s.n`,
      [provers.map(tokenHash)],
    );
    const admin = randomBytes(32).toString('base64url');
    await client.query(
      `WITH a AS (INSERT INTO admin_users (email, password_hash)
        VALUES ('bench-admin@bench.local', 'bench-no-login') RETURNING id)
      INSERT INTO sessions (token_hash, kind, admin_id, expires_at)
      SELECT $1, 'admin', id, now() + interval '1 day' FROM a`,
      [tokenHash(admin)],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { admin, provers };
  } finally {
    await client.end();
  }
}

/** The snapshots the server has signed so far. */
async function snapshotCount(url: string): Promise<number> {
  const response = await fetch(`${url}/api/proof/snapshots?limit=100`);
  return ((await response.json()) as { items: unknown[] }).items.length;
}

/** Waits for the server's daily snapshot (taken within a minute of its start) to be done. */
async function dailySnapshotDone(url: string) {
  const deadline = Date.now() + 10 * 60_000;
  while ((await snapshotCount(url)) === 0) {
    if (Date.now() > deadline) throw new Error('no daily snapshot after 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Samples the server's memory every 250 ms while `work` runs; returns its peak above the start. */
async function withPeakMemory<T>(primary: number, work: () => Promise<T>) {
  const sample = () => memoryOf(serverPids(primary));
  const before = sample();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, sample());
  }, 250);
  try {
    const result = await work();
    return { result, extraMb: Math.round((Math.max(peak, sample()) - before) / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

async function takeSnapshotNow(url: string, admin: string) {
  const started = performance.now();
  const response = await fetch(`${url}/api/admin/proof/snapshots`, {
    method: 'POST',
    headers: {
      cookie: `${ADMIN_COOKIE}=${admin}`,
      origin: url,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  const body = await response.text();
  if (response.status !== 201)
    throw new Error(`snapshot: ${response.status} ${body.slice(0, 300)}`);
  const record = JSON.parse(body) as { id: number; leafCount: number; total: string };
  return { record, seconds: (performance.now() - started) / 1000 };
}

const pingsOf = (reports: { pingLatencies: number[] }[]) =>
  reports.flatMap((report) => report.pingLatencies);

/** The snapshot among the miners: its time, the memory it took, and the pings before and during. */
async function snapshotAmongMiners(
  app: { url: string; child: { pid?: number } },
  databaseUrl: string,
  admin: string,
) {
  const load = await startLoad(app.url, Math.max(2, Math.ceil(MINERS / 10_000)));
  try {
    const tokens = await seedMiners(databaseUrl, MINERS);
    await load.add(tokens, evenArrivalMs(MINERS));
    // Every miner has pinged once before the first window opens.
    await new Promise((resolve) => setTimeout(resolve, 31_000));
    await load.window();
    await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
    const without = pingsOf(await load.report());
    await load.window();
    const { result, extraMb } = await withPeakMemory(app.child.pid ?? 0, () =>
      takeSnapshotNow(app.url, admin),
    );
    const during = pingsOf(await load.report());
    return { ...result, extraMb, without, during };
  } finally {
    await load.stop(rampMs(MINERS));
    load.close();
  }
}

/** The proof's runs against the bare route, beside a reference; within the goal when all but the first are. */
function printProofRoute(runs: LoadResult[], reference: LoadResult, bare: LoadResult) {
  console.table([reference, ...runs, bare]);
  const shareOf = (run: LoadResult) =>
    Math.round((run.requestsPerSecond / Math.max(1, bare.requestsPerSecond)) * 100);
  console.log(
    `${reference.name}: ${shareOf(reference)} % of the bare route, p99 ${reference.p99Ms} ms.`,
  );
  const verdicts = runs.map((run) => {
    const within =
      shareOf(run) >= GOALS.proofShare * 100 && run.p99Ms <= GOALS.proofP99Ms && run.non2xx === 0;
    console.log(
      `${run.name}: ${shareOf(run)} % of the bare route, p99 ${run.p99Ms} ms: ${within ? 'within' : 'OVER'} the goal (>= ${GOALS.proofShare * 100} %, p99 <= ${GOALS.proofP99Ms} ms).`,
    );
    return within;
  });
  // The first pass is what a member meets in the seconds after a snapshot; the rest is the day.
  return verdicts.slice(1).every(Boolean);
}

/** `path` at 50 connections, each request as the next of `members` in turn. */
function asMembers(name: string, url: string, members: string[], durationSeconds?: number) {
  let next = 0;
  return measure(name, url, {
    connections: 50,
    durationSeconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            cookie: `${MEMBER_COOKIE}=${members[next++ % members.length]}`,
          },
        }),
      },
    ],
  });
}

export async function proofsScenario(scratch: ScratchDatabase) {
  const database = await scratch('Proof of balances');
  if (!database) return;
  const app = await startAppServer({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(MINER_SERVER_PROCESSES),
  });
  const bare = await startBareServer();
  try {
    const seedStarted = performance.now();
    const { admin, provers } = await seedWallets(database.url);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    await dailySnapshotDone(app.url);
    console.log(
      `\nProof of balances on PostgreSQL, ${MINER_SERVER_PROCESSES} server processes: ${WALLETS.toLocaleString('en-US')} wallets seeded in ${seedSeconds} s, ${MINERS.toLocaleString('en-US')} miners online in real time; an admin takes a snapshot now:`,
    );
    const run = await snapshotAmongMiners(app, database.url, admin);
    const row = {
      wallets: run.record.leafCount,
      'snapshot s': Number(run.seconds.toFixed(1)),
      'server peak MB above before': run.extraMb,
      'ping p99 ms without': Math.round(percentile(run.without, 99)),
      'ping p99 ms during': Math.round(percentile(run.during, 99)),
      'pings during': run.during.length,
    };
    console.table([row]);
    const slowdown = row['ping p99 ms during'] / Math.max(1, row['ping p99 ms without']);
    const snapshotWithin =
      row['snapshot s'] <= GOALS.snapshotSeconds &&
      row['server peak MB above before'] <= GOALS.extraMemoryMb;
    console.log(
      `Snapshot: ${row['snapshot s']} s, ${row['server peak MB above before']} MB above before: ${snapshotWithin ? 'within' : 'OVER'} the goal (<= ${GOALS.snapshotSeconds} s, <= ${GOALS.extraMemoryMb} MB); ping p99 during it ${Math.round(slowdown * 100)} % of without: ${slowdown <= GOALS.pingSlowdown ? 'within' : 'OVER'} the goal (<= ${Math.round(GOALS.pingSlowdown * 100)} %).`,
    );
    const proof = `${app.url}/api/wallet/proof`;
    const half = provers.length / 2;
    const firstAsks = await asMembers(
      'GET /api/wallet/proof, first asks, snapshot being read',
      proof,
      provers.slice(0, half),
    );
    const heldAsks = await asMembers(
      'GET /api/wallet/proof, first asks, snapshot held',
      proof,
      provers.slice(half),
    );
    const repeaters = provers.slice(0, REPEATERS);
    await asMembers('warm-up', proof, repeaters, 3);
    const again = await asMembers('GET /api/wallet/proof, asked again', proof, repeaters);
    // The balance, one read by key: what any route that reads the database once costs here.
    const balance = await asMembers(
      'GET /api/wallet (for scale)',
      `${app.url}/api/wallet`,
      repeaters,
    );
    const bareResult = await measure('bare route', `${bare.url}/bare`, { connections: 50 });
    const proofWithin = printProofRoute([firstAsks, heldAsks, again], balance, bareResult);
    if (!snapshotWithin || slowdown > GOALS.pingSlowdown || !proofWithin) process.exitCode = 1;
  } finally {
    await stop(bare.child);
    await stop(app.child);
    await database.drop();
  }
}
