import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProofChallengeResponse } from '@btcp/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { PASSWORD } from './accounts.ts';

/**
 * Journeys over real HTTP, as a browser makes them, for tests whose servers run in processes (or
 * on hosts) of their own: test/accounts.ts does the same through `app.inject`.
 */

/** A server as the test reaches it: its base URL and the Origin a page of the site sends. */
export interface Site {
  url: string;
  origin: string;
}

export async function send(
  site: Site,
  method: string,
  route: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${site.url}${route}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { origin: site.origin }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text),
    /** The `name=value` pair of a cookie set, `__Host-name` in production (D3). */
    cookie: (name: string) =>
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => pair.startsWith(`${name}=`) || pair.startsWith(`__Host-${name}=`)),
  };
}

/**
 * Proofs of work at their lowest cost and many accounts per network, set as an admin would (in the
 * database: its trigger tells every process).
 */
export async function cheapenSignUps(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO system_settings (key, value) VALUES ('sign_up_protection', $1)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [{ proofOfWorkAttempts: 1, registrationsPerNetworkPerDay: 10_000 }],
    );
  } finally {
    await client.end();
  }
}

async function solvedProof(site: Site) {
  const response = await send(site, 'GET', '/api/auth/challenge');
  if (response.status !== 200) throw new Error(`challenge: ${response.status} ${response.text}`);
  const { challenge } = response.json() as ProofChallengeResponse;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The token of the verification link mailed to `to`, from whichever server's outbox holds it. */
async function verificationToken(outboxes: string[], to: string) {
  for (let waited = 0; waited < 15_000; waited += 100) {
    for (const outbox of outboxes) {
      for (const name of await readdir(outbox).catch(() => [] as string[])) {
        // A mail being written reads as nothing yet: it is read again on the next turn.
        const mail = await readFile(path.join(outbox, name), 'utf8')
          .then((text) => JSON.parse(text) as { to: string; links: string[] })
          .catch(() => null);
        const link = mail?.to === to && mail.links.find((l) => l.includes('/verify-email?token='));
        if (link) return new URL(link).searchParams.get('token') ?? '';
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${to} in ${outboxes.join(', ')}`);
}

/** Registers, follows the mailed link and signs in; returns the Cookie header of the session. */
export async function memberOverHttp(site: Site, email: string, outboxes: string[]) {
  const registered = await send(site, 'POST', '/api/auth/register', {
    body: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      referralCode: '',
      acceptTerms: true,
      proof: await solvedProof(site),
    },
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${registered.text}`);
  const token = await verificationToken(outboxes, email);
  const verified = await send(site, 'POST', '/api/auth/verify-email', { body: { token } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.text}`);
  const login = await send(site, 'POST', '/api/auth/login', {
    body: { email, password: PASSWORD, remember: false },
  });
  const cookie = login.cookie('btcp_session');
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status} ${login.text}`);
  return cookie;
}

/** The first admin (D8's bootstrap), signed in; returns the Cookie header of the staff session. */
export async function adminOverHttp(site: Site, email = 'root@example.com') {
  const body = { email, password: PASSWORD, confirmPassword: PASSWORD };
  const created = await send(site, 'POST', '/api/admin-auth/create', { body });
  if (created.status !== 201) throw new Error(`admin: ${created.status} ${created.text}`);
  const login = await send(site, 'POST', '/api/admin-auth/login', {
    body: { email, password: PASSWORD },
  });
  const cookie = login.cookie('btcp_admin_session');
  if (login.status !== 200 || !cookie)
    throw new Error(`admin login: ${login.status} ${login.text}`);
  return cookie;
}

/**
 * A member's MINING credits, the seconds they paid and the wallet, read from the database: what
 * the ledger says was paid.
 */
export async function miningLedger(databaseUrl: string, cookieOwnerEmail: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ amount: string; description: string }>(
      `SELECT t.amount::text, t.description FROM transactions t JOIN users u ON u.id = t.user_id
       WHERE u.email = $1 AND t.transaction_type = 'MINING' ORDER BY t.created_at`,
      [cookieOwnerEmail],
    );
    const wallet = await client.query<{ balance: string }>(
      `SELECT w.balance::text FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.email = $1`,
      [cookieOwnerEmail],
    );
    // Each credit's description names the seconds it paid ('Mining reward: 3 s at 36 BTCP/hour').
    const paidSeconds = rows
      .map((credit) => Number(/(\d+) s at/.exec(credit.description)?.[1] ?? 0))
      .reduce((sum, seconds) => sum + seconds, 0);
    return { credits: rows, paidSeconds, balance: wallet.rows[0]?.balance ?? null };
  } finally {
    await client.end();
  }
}
