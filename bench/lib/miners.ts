import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The concurrent-miners scenario: N signed-in users start mining, ping on a compressed clock (every
 * second instead of every 30 s, with a 1 s reward interval, so each ping pays), and stop. Users and
 * sessions are written straight into the bench database; everything measured goes through HTTP.
 */
export interface MinerRound {
  miners: number;
  pings: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  credited: bigint;
}

const SCALE = 100_000_000n;
function toUnits(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}
export function fromUnits(units: bigint): string {
  return `${units / SCALE}.${(units % SCALE).toString().padStart(8, '0')}`;
}

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

export async function seedMiners(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE system_settings SET value = '{"seconds": 1}' WHERE key = 'mining_reward_interval'`,
    );
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, 'bench-no-login', now()) RETURNING id`,
        [`miner-${i}@bench.local`],
      );
      const id = rows[0]?.id;
      const code = `B${referralDigits(i)}`;
      await client.query('INSERT INTO profiles (id, referral_code) VALUES ($1, $2)', [id, code]);
      await client.query('INSERT INTO wallets (user_id) VALUES ($1)', [id]);
      await client.query(
        `INSERT INTO sessions (token_hash, kind, user_id, expires_at) VALUES ($1, 'user', $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
    }
    return tokens;
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function runMinerRound(
  baseUrl: string,
  tokens: string[],
  rounds: number,
): Promise<MinerRound> {
  const origin = new URL(baseUrl).origin;
  const latencies: number[] = [];
  let errors = 0;
  let credited = 0n;
  const call = async (token: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      // The production server names its cookie with the __Host- prefix (D3).
      headers: {
        cookie: `__Host-btcp_session=${token}`,
        origin,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const elapsed = performance.now() - started;
    const json = (await response.json().catch(() => null)) as {
      id?: string;
      credited?: string;
    } | null;
    if (!response.ok) errors++;
    return { json, elapsed };
  };
  await Promise.all(
    tokens.map(async (token, index) => {
      // Spread the miners over the first second, as real clients would be.
      await new Promise((resolve) => setTimeout(resolve, (index / tokens.length) * 1000));
      const start = await call(token, '/api/mining/start');
      const sessionId = start.json?.id;
      if (!sessionId) return;
      for (let round = 0; round < rounds; round++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ping = await call(token, '/api/mining/ping', { sessionId });
        latencies.push(ping.elapsed);
        credited += toUnits(ping.json?.credited ?? '0');
      }
      const stop = await call(token, '/api/mining/stop', { sessionId });
      credited += toUnits(stop.json?.credited ?? '0');
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    miners: tokens.length,
    pings: latencies.length,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    errors,
    credited,
  };
}

/** The ledger's own totals: every balance must equal its transactions, and the sum what was paid. */
export async function ledgerTotals(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      balances: string;
      transactions: string;
      mismatched: string;
    }>(`
      SELECT (SELECT coalesce(sum(balance), 0)::numeric(20,8)::text FROM wallets) AS balances,
             (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions) AS transactions,
             (SELECT count(*)::text FROM wallets w WHERE w.balance <>
                (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = w.user_id)) AS mismatched`);
    return rows[0];
  } finally {
    await client.end();
  }
}
