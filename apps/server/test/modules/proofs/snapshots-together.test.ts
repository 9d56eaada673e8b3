import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  fromUnits,
  type MemberProof,
  type ProofKeys,
  toUnits,
  verifyDownload,
  verifyRecord,
} from '@btcp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDueRewards } from '#server/modules/mining/index.ts';
import { nodeProofCrypto, takeDailySnapshot } from '#server/modules/proofs/index.ts';
import { serverRoot } from '#server/paths.ts';
import { adminCookie, membersMining, pingAll, post } from '#server-test/accounts.ts';
import {
  createTestApp,
  manualClock,
  openAgain,
  openTestDatabase,
  type TestApp,
} from '#server-test/helper.ts';
import { getAs, snapshotAs } from './proof-calls.ts';

const clock = manualClock(new Date('2026-12-07T00:00:30Z'));
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const get = getAs;
const snapshotNow = (app = t.app) => snapshotAs(app, admin);

/**
 * Each balance a member's ledger may have passed through, from 0. The test's clock stands still, so
 * a reward and a Stop's rest can share a time, and their order is not in the rows: within a time,
 * any subset of its transactions may have come first.
 */
async function balancesPassedThrough(email: string): Promise<bigint[]> {
  const { rows } = (await t.app.db.execute(sql`
    SELECT x.amount::text AS amount, x.created_at::text AS at FROM transactions x
    JOIN users u ON u.id = x.user_id WHERE u.email = ${email} ORDER BY x.created_at`)) as unknown as {
    rows: { amount: string; at: string }[];
  };
  const states = new Set([0n]);
  let before = 0n;
  for (const at of new Set(rows.map((row) => row.at))) {
    let sums = [0n];
    for (const row of rows.filter((r) => r.at === at)) {
      sums = [...sums, ...sums.map((sum) => sum + toUnits(row.amount))];
    }
    for (const sum of sums) states.add(before + sum);
    before += sums.at(-1) as bigint;
  }
  return [...states];
}

describe('snapshots among everything else (decision 053)', () => {
  it('totals the ledger exactly while pings, crediting and Stops run at the same moment', async () => {
    const miners = await membersMining(t.app, 'race', 16);
    clock.advance(40_000);
    await pingAll(t.app, miners);
    clock.advance(21_000);
    const other = await openAgain(t.database);
    try {
      const [record] = await Promise.all([
        snapshotNow(),
        creditDueRewards(other.db, clock.now()),
        ...miners
          .slice(0, 8)
          .map((miner) =>
            post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, miner.cookie),
          ),
        ...miners
          .slice(8)
          .map((miner) =>
            post(t.app, '/api/mining/ping', { sessionId: miner.sessionId }, miner.cookie),
          ),
      ]);
      let counted = 0n;
      for (const [i, miner] of miners.entries()) {
        const response = await get(t.app, '/api/wallet/proof', miner.cookie);
        const amount =
          response.statusCode === 404 ? 0n : toUnits((response.json() as MemberProof).amount);
        expect(await balancesPassedThrough(`race-${i}@example.com`)).toContain(amount);
        counted += amount;
      }
      // Every member counted is one the ledger had at some point, and together they are the total.
      expect(fromUnits(counted)).toBe(record.total);
      expect(record.leafCount).toBe(
        (await Promise.all(miners.map((m) => get(t.app, '/api/wallet/proof', m.cookie)))).filter(
          (r) => r.statusCode === 200,
        ).length,
      );
    } finally {
      await other.close();
    }
  });

  it('takes one daily snapshot however many processes ask at once, with one key made', async () => {
    const database = await openTestDatabase();
    const handles = [database, ...(await Promise.all([1, 2, 3].map(() => openAgain(database))))];
    try {
      const ctx = (h: (typeof handles)[number]) => ({ db: h.db, config: t.config, clock });
      const taken = await Promise.all(handles.map((h) => takeDailySnapshot(ctx(h))));
      expect(taken.filter((id) => id !== null)).toEqual([1]);
      expect(await takeDailySnapshot(ctx(database))).toBeNull();
      const { rows } = (await database.db.execute(sql`
        SELECT (SELECT count(*) FROM proof_snapshots)::int AS snapshots,
               (SELECT count(*) FROM proof_signing_keys)::int AS keys`)) as unknown as {
        rows: { snapshots: number; keys: number }[];
      };
      expect(rows[0]).toEqual({ snapshots: 1, keys: 1 });
      // The next UTC day is another day's snapshot.
      clock.advance(86_400_000);
      expect(await takeDailySnapshot(ctx(handles[1] ?? database))).toBe(2);
    } finally {
      for (const handle of handles.slice(1)) await handle.close();
      await database.close();
    }
  });

  it('lets anyone check a downloaded proof offline with npm run verify-proof', async () => {
    // The day moved on above: the admin signs in again.
    admin = await adminCookie(t.app);
    const [miner] = await membersMining(t.app, 'offline', 1);
    if (!miner) throw new Error('no miner');
    clock.advance(60_000);
    await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, miner.cookie);
    const record = await snapshotNow();
    const proof: MemberProof = (await get(t.app, '/api/wallet/proof', miner.cookie)).json();
    const keys: ProofKeys = (await get(t.app, '/api/proof/key')).json();
    const file = { proof, record, publicKey: keys.publicKey };
    expect(await verifyDownload(file, nodeProofCrypto)).toMatchObject({ ok: true });
    const dir = await mkdtemp(path.join(tmpdir(), 'btcp-proof-'));
    try {
      await writeFile(path.join(dir, 'good.json'), JSON.stringify(file));
      const forged = structuredClone(file);
      const sibling = forged.proof.siblings[0];
      if (sibling) sibling.sum = fromUnits(toUnits(sibling.sum) + 100_000_000n);
      else forged.proof.amount = fromUnits(toUnits(forged.proof.amount) + 1n);
      await writeFile(path.join(dir, 'forged.json'), JSON.stringify(forged));
      const good = await verifyProofCli(path.join(dir, 'good.json'));
      expect(good).toMatchObject({ code: 0 });
      expect(good.stdout).toContain(
        `VERIFIED: ${proof.amount} BTCP is counted in snapshot ${record.id}`,
      );
      const bad = await verifyProofCli(path.join(dir, 'forged.json'));
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('NOT VERIFIED');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('signs nothing when the balances do not total the ledger, and the daily job waits to try again', async () => {
    const race0 = sql`(SELECT id FROM users WHERE email = 'race-0@example.com')`;
    const snapshots = async () =>
      (
        (await t.app.db.execute(
          sql`SELECT count(*)::int AS n FROM proof_snapshots`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    const before = await snapshots();
    // A balance changed outside the ledger, as only a bug or a hand in the database could.
    await t.app.db.execute(sql`UPDATE wallets SET balance = balance + 1 WHERE user_id = ${race0}`);
    try {
      const ctx = { db: t.app.db, config: t.config, clock };
      await expect(takeDailySnapshot(ctx)).rejects.toThrow(/the ledger/);
      expect(await takeDailySnapshot(ctx)).toBeNull();
      expect(await snapshots()).toBe(before);
    } finally {
      await t.app.db.execute(
        sql`UPDATE wallets SET balance = balance - 1 WHERE user_id = ${race0}`,
      );
    }
  });

  // PGlite belongs to the server's process, which then takes its snapshots itself.
  it.skipIf(!process.env.TEST_DATABASE_URL || process.platform !== 'linux')(
    "takes a snapshot on PostgreSQL in a process of its own, behind the server's requests",
    async () => {
      // Each thread's scheduling class, once the process runs Node (chrt has set it by then).
      const seen = new Map<number, Set<number>>();
      const watching = setInterval(() => {
        for (const pid of snapshotProcesses().filter(runsNode)) {
          const policies = seen.get(pid) ?? new Set();
          for (const policy of threadPolicies(pid)) policies.add(policy);
          seen.set(pid, policies);
        }
      }, 10);
      try {
        await snapshotNow();
      } finally {
        clearInterval(watching);
      }
      // Linux's idle class (SCHED_IDLE), every thread of the one process.
      expect([...seen.values()].map((policies) => [...policies])).toEqual([[SCHED_IDLE]]);
      // It ended with its snapshot.
      expect(snapshotProcesses()).toEqual([]);
    },
  );

  // Last: from here on the key in use lives only in the rotated app's environment.
  it('signs with PROOF_SIGNING_KEY once set, lists the old key, and keeps the chain', async () => {
    const before = await snapshotNow();
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rotated = await createTestApp({
      clock,
      database: await openAgain(t.database),
      env: { PROOF_SIGNING_KEY: pem.replaceAll('\n', '\\n') },
    });
    try {
      const after = await snapshotNow(rotated.app);
      const keys: ProofKeys = (await get(rotated.app, '/api/proof/key')).json();
      expect(keys.keys).toHaveLength(2);
      expect(keys.keyId).toBe(after.keyId);
      expect(after.keyId).not.toBe(before.keyId);
      const old = keys.keys.find((key) => key.keyId === before.keyId);
      expect(old?.retiredAt).not.toBeNull();
      expect(
        await verifyRecord(before, old?.publicKey ?? '', undefined, nodeProofCrypto),
      ).toMatchObject({ ok: true });
      expect(
        await verifyRecord(after, keys.publicKey, before.digest, nodeProofCrypto),
      ).toMatchObject({ ok: true });
      expect(
        await verifyRecord(after, old?.publicKey ?? '', before.digest, nodeProofCrypto),
      ).toMatchObject({
        failure: 'key-mismatch',
      });
    } finally {
      await rotated.close();
    }
  });
});

async function verifyProofCli(file: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/verify-proof.ts', file],
      { cwd: serverRoot },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The test process's children that run the snapshot's module (Linux's /proc). */
function snapshotProcesses(): number[] {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
  return children
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('snapshot-child');
      } catch {
        return false;
      }
    });
}

const SCHED_IDLE = 5;

/** The scheduling class of each of a process's threads: the 41st field of their /proc stat. */
function threadPolicies(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) =>
      Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[38]),
    );
  } catch {
    return []; // It ended meanwhile.
  }
}

/** Whether the process runs Node itself yet, not the chrt that starts it. */
function runsNode(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(process.execPath);
  } catch {
    return false;
  }
}
