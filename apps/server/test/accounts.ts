import type { ProofChallengeResponse } from '@btcp/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { systemSettings, users } from '../src/db/schema.ts';
import { queuedMailCount } from '../src/modules/mail/queue.ts';
import { sameOrigin } from './helper.ts';

/** Journeys through the public API, as a browser would make them, for tests that need accounts. */

export const PASSWORD = 'correct horse battery';

/** The id of the account with this email, as stored; the test fails if there is none. */
export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(row, `an account for ${email}`).toBeDefined();
  return row?.id ?? '';
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  cookie?: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const cheapened = new WeakSet<FastifyInstance>();

/**
 * Tests solve real proofs of work (decision 031) at the lowest cost, set as an admin would set it
 * (in the database, for tests with no admin), so a registration takes milliseconds.
 */
export async function cheapenProofOfWork(app: FastifyInstance, registrationsPerNetworkPerDay = 5) {
  const value = { proofOfWorkAttempts: 1, registrationsPerNetworkPerDay };
  await app.db
    .insert(systemSettings)
    .values({ key: 'sign_up_protection', value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
  cheapened.add(app);
}

/** A challenge fetched and solved as the browser does; the `proof` field of the forms. */
export async function solvedProof(app: FastifyInstance, remoteAddress?: string) {
  if (!cheapened.has(app)) await cheapenProofOfWork(app);
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/challenge',
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { challenge } = response.json() as ProofChallengeResponse;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let nextNetwork = 0;
/** An address in a network of its own, so a test's accounts never meet the per-network limit. */
export function freshNetworkAddress(): string {
  nextNetwork += 1;
  return `10.${(nextNetwork >> 8) & 255}.${nextNetwork & 255}.7`;
}

/** POSTs a form that needs a proof of work, from `remoteAddress` (a fresh network by default). */
export async function postProven(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  remoteAddress = freshNetworkAddress(),
) {
  const proof = await solvedProof(app, remoteAddress);
  return post(app, url, { ...payload, proof }, undefined, remoteAddress);
}

/** Waits until the mail queue is empty: mail is sent outside the request that asked for it. */
export async function mailQueueDrained(app: FastifyInstance) {
  for (let waited = 0; (await queuedMailCount(app.db)) > 0; waited += 20) {
    if (waited > 10_000) throw new Error('the mail queue did not drain within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The dev outbox, once the mail queue is drained. */
export async function mailbox(app: FastifyInstance) {
  await mailQueueDrained(app);
  const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { messages: { to: string; subject: string; links: string[] }[] })
    .messages;
}

/** The token of the newest link of that kind mailed to that address. */
export async function latestToken(
  app: FastifyInstance,
  to: string,
  kind: 'verify-email' | 'reset-password',
) {
  const message = (await mailbox(app)).find(
    (m) => m.to === to && m.links.some((link) => link.includes(`/${kind}?token=`)),
  );
  const link = message?.links.find((l) => l.includes(`/${kind}?token=`));
  if (!link) throw new Error(`no ${kind} mail for ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/**
 * Registers from `from`, a network of its own unless a test says otherwise: so the per-network
 * limit is never met by accident, and a referral is held only where a test signs up from the
 * referrer's network on purpose (decision 033; injected sign-ins come from 127.0.0.1).
 */
export async function register(
  app: FastifyInstance,
  email: string,
  referralCode = '',
  from = freshNetworkAddress(),
) {
  const response = await postProven(
    app,
    '/api/auth/register',
    { email, password: PASSWORD, confirmPassword: PASSWORD, referralCode, acceptTerms: true },
    from,
  );
  expect(response.statusCode, response.body).toBe(201);
}

export async function verify(app: FastifyInstance, email: string) {
  const response = await post(app, '/api/auth/verify-email', {
    token: await latestToken(app, email, 'verify-email'),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Signs in and returns the Cookie header value for later requests. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  remember = false,
) {
  const response = await post(app, '/api/auth/login', { email, password, remember });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'btcp_session');
  if (!cookie) throw new Error('no session cookie');
  return `btcp_session=${cookie.value}`;
}

export async function signedUpUser(
  app: FastifyInstance,
  email: string,
  referralCode = '',
  from?: string,
) {
  await register(app, email, referralCode, from);
  await verify(app, email);
  return login(app, email);
}

/** A signed-up member who posts: a post or comment needs a username (decision 055), from the address. */
export async function signedUpAuthor(app: FastifyInstance, email: string) {
  const cookie = await signedUpUser(app, email);
  const username = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 30);
  const named = await app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { ...sameOrigin, cookie },
    payload: { username },
  });
  expect(named.statusCode, named.body).toBe(200);
  return cookie;
}

export async function adminCookie(
  app: FastifyInstance,
  email = 'root@example.com',
  password = PASSWORD,
) {
  const bootstrap = await app.inject({ method: 'GET', url: '/api/admin-auth/bootstrap' });
  if (!(bootstrap.json() as { adminExists: boolean }).adminExists) {
    const created = await post(app, '/api/admin-auth/create', {
      email,
      password,
      confirmPassword: password,
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  const response = await post(app, '/api/admin-auth/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'btcp_admin_session');
  return `btcp_admin_session=${cookie?.value}`;
}

/** `count` signed-up members, each with a mining session just started. */
export async function membersMining(app: FastifyInstance, prefix: string, count: number) {
  const miners: { cookie: string; sessionId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const cookie = await signedUpUser(app, `${prefix}-${i}@example.com`);
    const started = await post(app, '/api/mining/start', undefined, cookie);
    if (started.statusCode !== 201) throw new Error(`start: ${started.statusCode} ${started.body}`);
    miners.push({ cookie, sessionId: started.json().id });
  }
  return miners;
}

/** Each of `miners` pings its session once; throws unless every ping is answered 204. */
export async function pingAll(
  app: FastifyInstance,
  miners: { cookie: string; sessionId: string }[],
) {
  for (const miner of miners) {
    const ping = await post(app, '/api/mining/ping', { sessionId: miner.sessionId }, miner.cookie);
    if (ping.statusCode !== 204) throw new Error(`ping: ${ping.statusCode} ${ping.body}`);
  }
}
