import { type APIRequestContext, expect, request as newRequest } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Test data made through the public API, as the app itself would make it. Mutating calls carry our
 * own Origin (D4), as a browser would.
 */
export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function origin(baseURL: string | undefined) {
  return { origin: new URL(baseURL ?? 'http://localhost:4173').origin };
}

export async function apiPost(
  request: APIRequestContext,
  baseURL: string | undefined,
  url: string,
  data?: unknown,
) {
  return request.post(url, { data, headers: origin(baseURL) });
}

/** The newest link of that kind mailed to that address, read from the dev outbox (D22). */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  kind: 'verify-email' | 'reset-password',
) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as {
        messages: { to: string; links: string[] }[];
      };
      link = messages.find((m) => m.to === to)?.links.find((l) => l.includes(`/${kind}?token=`));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** A proof of work for the sign-up forms (decision 031), solved here as the browser would. */
export async function solvedProof(request: APIRequestContext) {
  const response = await request.get('/api/auth/challenge');
  expect(response.status()).toBe(200);
  const { challenge } = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let signUpCheapened = false;
/**
 * Every journey registers from one address: once the run's admin exists, its Sign-up protection
 * settings (decision 031) are set to a low cost and a high per-network limit, as an admin would.
 * Before that (the first-run journey) the defaults leave room for a few accounts.
 */
export async function cheapenSignUp(baseURL: string | undefined) {
  if (signUpCheapened) return;
  const admin = await newRequest.newContext({ baseURL });
  try {
    const bootstrap = (await (await admin.get('/api/admin-auth/bootstrap')).json()) as {
      adminExists: boolean;
    };
    if (!bootstrap.adminExists) return;
    await signInAdmin(admin, baseURL);
    const saved = await admin.put('/api/admin/settings/sign-up', {
      data: { proofOfWorkAttempts: 20, registrationsPerNetworkPerDay: 10_000 },
      headers: origin(baseURL),
    });
    expect(saved.status()).toBe(200);
    signUpCheapened = true;
  } finally {
    await admin.dispose();
  }
}

/** A username of its own for a test member: letters of the address's prefix and a random tail. */
export function usernameFor(email: string): string {
  const prefix = (email.split('-')[0] ?? 'member').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 12);
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

interface NameChoice {
  username?: string | null;
}

/**
 * Registered and verified through the API, never signed in. They chose a username at sign-up, as a
 * member who posts has one (decision 055); `username: null` makes one who has not.
 */
export async function registeredUser(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  { username = usernameFor(email) }: NameChoice = {},
) {
  await cheapenSignUp(baseURL);
  const registered = await apiPost(request, baseURL, '/api/auth/register', {
    email,
    ...(username ? { username } : {}),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    proof: await solvedProof(request),
  });
  expect(registered.status()).toBe(201);
  const link = await mailedLink(request, email, 'verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await apiPost(request, baseURL, '/api/auth/verify-email', { token })).status()).toBe(200);
}

/** A verified user (`registeredUser`), signed in once to read their account; returns it. */
export async function verifiedUser(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  choice: NameChoice = {},
) {
  await registeredUser(request, baseURL, email, choice);
  expect(
    (await apiPost(request, baseURL, '/api/auth/login', { email, password: PASSWORD })).status(),
  ).toBe(200);
  const account = (await (await request.get('/api/account')).json()) as {
    id: string;
    referralCode: string;
  };
  await apiPost(request, baseURL, '/api/auth/logout');
  return account;
}

/** The run's admin: made by the first-run journey, or here when that journey did not run. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'admin password 123' };

export async function signInAdmin(request: APIRequestContext, baseURL: string | undefined) {
  const bootstrap = (await (await request.get('/api/admin-auth/bootstrap')).json()) as {
    adminExists: boolean;
  };
  if (!bootstrap.adminExists) {
    await apiPost(request, baseURL, '/api/admin-auth/create', {
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
      confirmPassword: E2E_ADMIN.password,
    });
  }
  const response = await apiPost(request, baseURL, '/api/admin-auth/login', E2E_ADMIN);
  expect(response.status()).toBe(200);
}
