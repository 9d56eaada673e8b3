import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { post } from '#server-test/accounts.ts';
import { sameOrigin } from '#server-test/helper.ts';
import { type Ceremony, SoftwareAuthenticator } from './software-authenticator.ts';

/** The passkey journeys through the HTTP interface, as the web app makes them. */

export const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export async function registrationOptions(app: FastifyInstance, cookie: string) {
  const response = await post(app, '/api/account/passkeys/registration-options', undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export function addPasskey(app: FastifyInstance, cookie: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/account/passkeys',
    headers: { ...sameOrigin, cookie, 'user-agent': CHROME_ON_MAC },
    payload: payload as Record<string, unknown>,
  });
}

/** Options, the authenticator's answer, and the passkey it adds; returns that passkey's id. */
export async function registeredPasskey(
  app: FastifyInstance,
  cookie: string,
  authenticator = new SoftwareAuthenticator(),
  ceremony: Ceremony = {},
) {
  const options = await registrationOptions(app, cookie);
  const response = await addPasskey(app, cookie, {
    response: authenticator.register(options, ceremony),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { authenticator, passkey: response.json() as { id: string; name: string } };
}

export async function signInOptions(app: FastifyInstance) {
  const response = await post(app, '/api/auth/passkey/options');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { challenge: string; rpId: string; allowCredentials: unknown[] };
}

export const signIn = (app: FastifyInstance, payload: unknown) =>
  post(app, '/api/auth/passkey/login', payload);

/** A passkey sign-in from start to end; returns the answer. */
export async function signInWith(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  ceremony: Ceremony = {},
) {
  const options = await signInOptions(app);
  return signIn(app, { response: authenticator.authenticate(options, ceremony) });
}

export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'btcp_session');
  if (!cookie) throw new Error('no session cookie');
  return `btcp_session=${cookie.value}`;
}

export async function reauthenticationOptions(app: FastifyInstance, cookie: string) {
  return post(app, '/api/account/reauthenticate/passkey/options', undefined, cookie);
}

export const reauthenticate = (app: FastifyInstance, cookie: string, payload: unknown) =>
  post(app, '/api/account/reauthenticate/passkey', payload, cookie);

export const listPasskeys = async (app: FastifyInstance, cookie: string) => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/account/passkeys',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      items: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
    }
  ).items;
};
