import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProofChallengeResponse } from '@btcp/shared/sign-up';
import type { Signals } from '@btcp/shared/signals';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { type ScratchDatabase, startAppServer, stop } from './processes.ts';
import { verificationLink } from './public-pages.ts';

/**
 * The farm scenario (docs/decisions/031 and 033): a script on one address tries to make 100
 * accounts, fresh, disposable and the same Gmail mailbox written other ways, all with one
 * referrer's code; verifies what it got through the mailed links; signs each in and mines on all
 * of them for a while. The server runs with its default settings (proof of work, per-network
 * limit, qualifying time). What the farm got, what it spent, and what Signals shows are reported.
 */

const PASSWORD = 'farm password 123';
const FARM_ADDRESS = '127.0.2.10';
const REFERRER_ADDRESS = '127.0.1.10';
const ADMIN_ADDRESS = '127.0.0.1';
const ATTEMPTS = 100;
/** How long the farm mines on every account it got, pinging as a browser does (every 30 s). */
const MINING_SECONDS = Number(process.env.BENCH_FARM_MINING_SECONDS ?? 75);

type Reply = { status: number; body: Record<string, unknown>; cookie: string };

/** One HTTP client from one source address, with a cookie of its own. */
function clientFrom(baseUrl: string, localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress });
  let cookie = '';
  const request = (method: string, urlPath: string, body?: unknown) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = http.request(
        `${baseUrl}${urlPath}`,
        {
          method,
          agent,
          headers: {
            origin: baseUrl,
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const set = response.headers['set-cookie'];
            if (set?.length) cookie = set.map((line) => line.split(';')[0]).join('; ');
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: response.statusCode ?? 0,
              body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
              cookie,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

type Client = ReturnType<typeof clientFrom>;

/** Fetches and solves a challenge as the browser's worker does; returns the proof and CPU spent. */
async function proofFor(client: Client) {
  const reply = await client.request('GET', '/api/auth/challenge');
  // Challenges are rate-limited per address too: a refusal is the farm's answer.
  if (reply.status !== 200) return { refused: reply.status, proof: '', cpuSeconds: 0 };
  const { challenge } = reply.body as unknown as ProofChallengeResponse;
  const cpu = process.cpuUsage();
  const solution = await solveChallenge({ challenge, deriveKey });
  const spent = process.cpuUsage(cpu);
  if (!solution) throw new Error('the challenge was not solved');
  return {
    refused: null,
    proof: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    cpuSeconds: (spent.user + spent.system) / 1e6,
  };
}

async function register(client: Client, email: string, referralCode: string) {
  const { refused, proof, cpuSeconds } = await proofFor(client);
  if (refused) return { status: `challenge ${refused}`, cpuSeconds };
  const reply = await client.request('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    referralCode,
    proof,
  });
  return { status: String(reply.status), cpuSeconds };
}

/** The farm's 100 addresses: fresh ones, disposable ones, and one Gmail mailbox many ways. */
function farmAddresses(): string[] {
  const disposable = ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com'];
  return Array.from({ length: ATTEMPTS }, (_, i) => {
    if (i % 5 === 1) return `farm${i}@${disposable[i % disposable.length]}`;
    if (i % 5 === 3) return `farm.er+${i}@${i % 2 ? 'gmail.com' : 'googlemail.com'}`;
    return `farm${i}@example.net`;
  });
}

async function verifyByLink(client: Client, dataDir: string, email: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = await verificationLink(dataDir, email);
    if (link) {
      const token = new URL(link).searchParams.get('token');
      return (await client.request('POST', '/api/auth/verify-email', { token })).status === 200;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Signs each account in and mines on all of them at once for MINING_SECONDS, then stops. */
async function mineOnAll(baseUrl: string, emails: string[]) {
  const miners = emails.map(() => clientFrom(baseUrl, FARM_ADDRESS));
  const sessions = await Promise.all(
    miners.map(async (miner, i) => {
      await miner.request('POST', '/api/auth/login', { email: emails[i], password: PASSWORD });
      const started = await miner.request('POST', '/api/mining/start');
      return started.status === 201 ? String(started.body.id) : null;
    }),
  );
  const pingAll = () =>
    Promise.all(
      miners.map((miner, i) =>
        sessions[i] ? miner.request('POST', '/api/mining/ping', { sessionId: sessions[i] }) : null,
      ),
    );
  const until = Date.now() + MINING_SECONDS * 1000;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, until - Date.now())));
    await pingAll();
  }
  return { miners, sessions };
}

export async function farmScenario(scratchDatabase: ScratchDatabase) {
  const database = await scratchDatabase('Farm');
  if (!database) return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-bench-farm-'));
  const app = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    console.log(
      `\nFarm: one address (${FARM_ADDRESS}) tries ${ATTEMPTS} accounts with one referrer's code, verifies them, mines on all for ${MINING_SECONDS} s; default settings`,
    );
    const admin = clientFrom(app.url, ADMIN_ADDRESS);
    const admins = { email: 'bench-admin@example.com', password: PASSWORD };
    await admin.request('POST', '/api/admin-auth/create', { ...admins, confirmPassword: PASSWORD });
    await admin.request('POST', '/api/admin-auth/login', admins);

    const referrer = clientFrom(app.url, REFERRER_ADDRESS);
    await register(referrer, 'referrer@example.org', '');
    await verifyByLink(referrer, dataDir, 'referrer@example.org');
    await referrer.request('POST', '/api/auth/login', {
      email: 'referrer@example.org',
      password: PASSWORD,
    });
    const code = String((await referrer.request('GET', '/api/referrals/stats')).body.referralCode);

    const farm = clientFrom(app.url, FARM_ADDRESS);
    const statuses = new Map<string, number>();
    let cpuSeconds = 0;
    const started = performance.now();
    for (const email of farmAddresses()) {
      const attempt = await register(farm, email, code);
      statuses.set(attempt.status, (statuses.get(attempt.status) ?? 0) + 1);
      cpuSeconds += attempt.cpuSeconds;
    }
    const registerSeconds = (performance.now() - started) / 1000;
    const { rows: created } = await db.query<{ email: string }>(
      `SELECT email FROM users WHERE signup_network = '127.0.2.0/24' ORDER BY created_at`,
    );
    let verified = 0;
    for (const { email } of created) {
      if (await verifyByLink(farm, dataDir, email)) verified += 1;
    }
    const mining = await mineOnAll(
      app.url,
      created.map((row) => row.email),
    );
    await report({ db, admin, created, verified, statuses, cpuSeconds, registerSeconds, mining });
    for (const client of [admin, referrer, farm, ...mining.miners]) client.close();
  } finally {
    await db.end();
    await stop(app.child);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function report(run: {
  db: pg.Client;
  admin: Client;
  created: { email: string }[];
  verified: number;
  statuses: Map<string, number>;
  cpuSeconds: number;
  registerSeconds: number;
  mining: { sessions: (string | null)[] };
}) {
  const { rows: limitRow } = await run.db.query<{
    value: { registrationsPerNetworkPerDay?: number };
  }>(`SELECT value FROM system_settings WHERE key = 'sign_up_protection'`);
  const limit = limitRow[0]?.value.registrationsPerNetworkPerDay ?? 5;
  const { rows: money } = await run.db.query<{ paid: string; bonuses: string }>(
    `SELECT count(*)::text AS bonuses, coalesce(sum(amount), 0)::text AS paid
     FROM transactions WHERE transaction_type = 'REFERRAL'`,
  );
  const { rows: waiting } = await run.db.query<{ waiting: string; held: string }>(
    `SELECT count(*)::text AS waiting, count(held_at)::text AS held FROM pending_referrals`,
  );
  const { rows: disposable } = await run.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM users WHERE email ~ '@(mailinator|guerrillamail|yopmail|10minutemail)\\.com$'`,
  );
  const { rows: gmail } = await run.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM users WHERE email_normalized = 'farmer@gmail.com'`,
  );
  const signals = (await run.admin.request('GET', '/api/admin/signals')).body as unknown as Signals;
  const farmed = new Set(run.created.map((row) => row.email));
  const whole = signals.clusters.filter(
    (cluster) =>
      cluster.accountCount >= farmed.size &&
      [...farmed].every((email) => cluster.accounts.some((account) => account.email === email)),
  );
  const statusText = [...run.statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const mining = run.mining.sessions.filter(Boolean).length;
  console.log(`  attempts answered: ${statusText} in ${run.registerSeconds.toFixed(1)} s`);
  console.log(
    `  accounts created: ${run.created.length} (per-network limit ${limit}); verified: ${run.verified}; mining at once: ${mining}`,
  );
  console.log(
    `  disposable addresses accepted: ${disposable[0]?.n}; accounts on the one Gmail mailbox: ${gmail[0]?.n}`,
  );
  console.log(
    `  referral bonuses paid: ${money[0]?.bonuses} (${money[0]?.paid} BTCP); waiting to qualify: ${waiting[0]?.waiting} (${waiting[0]?.held} held for review)`,
  );
  console.log(`  CPU the farm spent on proofs of work: ${run.cpuSeconds.toFixed(2)} s`);
  console.log(
    `  Signals: ${signals.clusters.length} clusters; holding every farmed account: ${whole.map((c) => `${c.kind} ${c.label}`).join(', ') || 'none'}`,
  );
  const goals = [
    run.created.length <= limit,
    disposable[0]?.n === '0',
    Number(gmail[0]?.n) <= 1,
    money[0]?.bonuses === '0',
    whole.length > 0,
  ];
  console.log(`  goals met: ${goals.filter(Boolean).length} of ${goals.length}`);
}
