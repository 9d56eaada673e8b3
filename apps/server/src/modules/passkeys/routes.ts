import {
  AddPasskeyBodySchema,
  PasskeyCreationOptionsSchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeyReauthenticateBodySchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  RenamePasskeyBodySchema,
  SessionStateSchema,
} from '@btcp/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ServiceContext, serviceContextOf } from '#server/context.ts';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import {
  markReauthenticated,
  requireRecentAuthentication,
  requireUser,
  signedInUser,
  startMemberSession,
} from '#server/modules/auth/index.ts';
import {
  authenticateWithPasskey,
  confirmWithPasskey,
  reauthenticationOptions,
  signInOptions,
} from './authentication.ts';
import { addPasskey, registrationOptions } from './registration.ts';
import { listPasskeys, removePasskey, renamePasskey } from './store.ts';

const route = routeOptions(['passkeys']);

/** The signed-in member's passkeys (decision 028): listed, added, renamed, removed, and used to confirm it is them. */
export const passkeyAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const ctx = serviceContextOf(app);
  const member = (request: Parameters<typeof signedInUser>[0]) => {
    const { id, email } = signedInUser(request);
    return { id, email };
  };

  app.get(
    '/account/passkeys',
    route('The signed-in member’s passkeys, oldest first', {
      ok: PasskeyListSchema,
      onSend: noStore,
    }),
    async (request) => ({ items: await listPasskeys(app.db, member(request).id) }),
  );

  app.post(
    '/account/passkeys/registration-options',
    route('Options for adding a passkey (password entered in 10 minutes); valid 5 minutes', {
      ok: PasskeyCreationOptionsSchema,
      onRequest: rateLimitedAs('passkey-options'),
      onSend: noStore,
    }),
    async (request) => {
      await requireRecentAuthentication(request, 'user');
      return { ...(await registrationOptions(ctx, member(request))) };
    },
  );

  app.post(
    '/account/passkeys',
    route('Add the passkey the browser made from those options; the owner is told by mail', {
      body: AddPasskeyBodySchema,
      created: PasskeySchema,
    }),
    async (request, reply) => {
      await requireRecentAuthentication(request, 'user');
      const added = await addPasskey(
        ctx,
        member(request),
        request.body,
        request.headers['user-agent'],
      );
      app.mailDrainer.kick();
      return reply.status(201).send(added);
    },
  );

  app.patch(
    '/account/passkeys/:id',
    route('Rename one of the member’s passkeys', {
      params: PasskeyParamsSchema,
      body: RenamePasskeyBodySchema,
      ok: PasskeySchema,
    }),
    async (request) =>
      renamePasskey(app.db, member(request).id, request.params.id, request.body.name),
  );

  app.delete(
    '/account/passkeys/:id',
    route('Remove one of the member’s passkeys (password entered in 10 minutes)', {
      params: PasskeyParamsSchema,
      noContent: true,
    }),
    async (request, reply) => {
      await requireRecentAuthentication(request, 'user');
      await removePasskey(ctx, member(request), request.params.id);
      app.mailDrainer.kick();
      return reply.status(204).send(null);
    },
  );

  confirmationRoutes(app, ctx);
};

/** Confirming it is you with a passkey instead of the password (decisions 025, 028). */
function confirmationRoutes(app: ZodApp, ctx: ServiceContext) {
  const memberId = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

  app.post(
    '/account/reauthenticate/passkey/options',
    route('Options for confirming it is you with one of your passkeys; valid 5 minutes', {
      ok: PasskeyRequestOptionsSchema,
      onRequest: rateLimitedAs('passkey-options'),
      onSend: noStore,
    }),
    async (request) => ({ ...(await reauthenticationOptions(ctx, memberId(request))) }),
  );

  app.post(
    '/account/reauthenticate/passkey',
    route(
      'Confirm it is you with a passkey: unlocks the sensitive account actions for 10 minutes',
      {
        body: PasskeyReauthenticateBodySchema,
        noContent: true,
        onRequest: rateLimitedAs('account-password'),
      },
    ),
    async (request, reply) => {
      const response = request.body.response as AuthenticationResponseJSON;
      await confirmWithPasskey(ctx, memberId(request), response);
      await markReauthenticated(request, 'user');
      return reply.status(204).send(null);
    },
  );
}

/** Signing in with a passkey instead of an email and password (decision 028). */
export const passkeyAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);

  app.post(
    '/auth/passkey/options',
    route('Options for signing in with a passkey; valid 5 minutes', {
      ok: PasskeyRequestOptionsSchema,
      onRequest: rateLimitedAs('passkey-options'),
      onSend: noStore,
    }),
    async () => ({ ...(await signInOptions(ctx)) }),
  );

  app.post(
    '/auth/passkey/login',
    route('Sign in with a passkey (both factors at once); sets the session cookie', {
      body: PasskeySignInBodySchema,
      ok: SessionStateSchema,
      onRequest: rateLimitedAs('login'),
    }),
    async (request, reply) => {
      const response = request.body.response as AuthenticationResponseJSON;
      const user = await authenticateWithPasskey(ctx, response);
      return startMemberSession(request, reply, user, request.body.remember);
    },
  );
};
