import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { PASSWORD, post } from '#server-test/accounts.ts';

/** The two-factor journeys of decision 027, as a browser and an authenticator app make them. */

export type Kind = 'user' | 'admin';

const base = (kind: Kind) =>
  kind === 'user' ? '/api/account/two-factor' : '/api/admin/two-factor';
const loginUrl = (kind: Kind) => (kind === 'user' ? '/api/auth/login' : '/api/admin-auth/login');
const sessionCookie = (kind: Kind) => (kind === 'user' ? 'btcp_session' : 'btcp_admin_session');
const pendingCookie = (kind: Kind) =>
  kind === 'user' ? 'btcp_pending_sign_in' : 'btcp_pending_admin_sign_in';

/** What an authenticator app shows for this key at the app's time (plus `offsetMs`). */
export function codeAt(app: FastifyInstance, secret: string, offsetMs = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: app.clock.now().getTime() + offsetMs,
  });
}

export async function startEnrolment(app: FastifyInstance, kind: Kind, cookie: string) {
  const response = await post(app, `${base(kind)}/enrolment`, undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { secret: string; otpauthUri: string; qrCodeSvg: string };
}

export function confirm(app: FastifyInstance, kind: Kind, cookie: string, code: string) {
  return post(app, `${base(kind)}/enrolment/confirm`, { code }, cookie);
}

/** Enrols and confirms; returns the key and the ten recovery codes. */
export async function enable(app: FastifyInstance, kind: Kind, cookie: string) {
  const { secret } = await startEnrolment(app, kind, cookie);
  const response = await confirm(app, kind, cookie, codeAt(app, secret));
  expect(response.statusCode, response.body).toBe(200);
  return { secret, recoveryCodes: (response.json() as { recoveryCodes: string[] }).recoveryCodes };
}

export async function status(app: FastifyInstance, kind: Kind, cookie: string) {
  const response = await app.inject({ method: 'GET', url: base(kind), headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { enabled: boolean; recoveryCodesLeft: number };
}

export function disable(
  app: FastifyInstance,
  kind: Kind,
  cookie: string,
  body: Record<string, string>,
) {
  return post(app, `${base(kind)}/disable`, body, cookie);
}

/**
 * The password step: answers 200 and, for an account with two-factor on, a pending cookie. `from`
 * is the client's address (the test's default otherwise).
 */
export async function passwordStep(
  app: FastifyInstance,
  kind: Kind,
  email: string,
  remember = false,
  from?: string,
) {
  const body =
    kind === 'user' ? { email, password: PASSWORD, remember } : { email, password: PASSWORD };
  const response = await post(app, loginUrl(kind), body, undefined, from);
  expect(response.statusCode, response.body).toBe(200);
  const pending = response.cookies.find((c) => c.name === pendingCookie(kind));
  return {
    response,
    session: response.cookies.find((c) => c.name === sessionCookie(kind)),
    pending: pending ? `${pendingCookie(kind)}=${pending.value}` : undefined,
  };
}

export function codeStep(
  app: FastifyInstance,
  kind: Kind,
  pending: string | undefined,
  answer: { code: string } | { recoveryCode: string },
  from?: string,
) {
  return post(app, `${loginUrl(kind)}/two-factor`, answer, pending, from);
}

/** The session cookie a completed second step set, as a Cookie header. */
export function sessionOf(response: LightMyRequestResponse, kind: Kind): string {
  const cookie = response.cookies.find((c) => c.name === sessionCookie(kind));
  if (!cookie) throw new Error(`no ${kind} session cookie: ${response.body}`);
  return `${sessionCookie(kind)}=${cookie.value}`;
}
