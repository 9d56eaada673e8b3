import {
  AccountSchema,
  ChangePasswordBodySchema,
  MessageSchema,
  ReauthenticateBodySchema,
  SessionListSchema,
  SessionParamsSchema,
  UpdateProfileBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { hashToken } from '#server/lib/tokens.ts';
import {
  endOtherUserSessions,
  endSessionById,
  listSessions,
  reauthenticate,
  requireRecentAuthentication,
  requireUser,
  sessionToken,
  signedInUser,
} from '#server/modules/auth/index.ts';
import { exportAccount } from './export.ts';
import { emailConfirmationRoutes, lifecycleRoutes } from './lifecycle-routes.ts';
import { changePassword, getAccount, updateUsername } from './service.ts';

const route = routeOptions(['account']);

/**
 * The user's own account. Every route requires a user session but the confirmation of a new
 * address, whose link may be opened in any browser (decision 029).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (open) => emailConfirmationRoutes(open));
  await app.register(signedInAccountRoutes);
};

const signedInAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/account',
    route('The signed-in user’s profile', { ok: AccountSchema }),
    async (request) => getAccount(app.db, signedInUser(request).id),
  );

  app.patch(
    '/account',
    route('Change the username', {
      body: UpdateProfileBodySchema,
      ok: AccountSchema,
      // The name shows on the user's posts in the public lists.
      onSend: settlesSharedPages,
    }),
    async (request) =>
      updateUsername(app.db, signedInUser(request).id, request.body.username, app.clock.now()),
  );

  app.post(
    '/account/password',
    route(
      'Change the password (the current one counts as entering it again); ends every other session',
      {
        body: ChangePasswordBodySchema,
        ok: MessageSchema,
        onRequest: rateLimitedAs('account-password'),
      },
    ),
    async (request) => {
      await changePassword(
        app.db,
        signedInUser(request).id,
        request.body,
        sessionToken(request, 'user'),
        app.clock.now(),
      );
      await app.sessionCache.settle();
      app.mailDrainer.kick();
      return { message: 'Password updated' };
    },
  );

  sessionRoutes(app);
  dataRoutes(app);
  lifecycleRoutes(app);
};

/** Entering the password again, and taking one's data away (decision 025). */
function dataRoutes(app: ZodApp) {
  app.post(
    '/account/reauthenticate',
    route('Enter the password again: unlocks the sensitive account actions for 10 minutes', {
      body: ReauthenticateBodySchema,
      noContent: true,
      onRequest: rateLimitedAs('account-password'),
    }),
    async (request, reply) => {
      await reauthenticate(request, 'user', signedInUser(request).id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/account/export',
    route('Everything held about the account, as one JSON file (password entered in 10 minutes)', {
      response: { 200: z.record(z.string(), z.unknown()) },
      onSend: noStore,
    }),
    async (request, reply) => {
      await requireRecentAuthentication(request, 'user');
      const token = sessionToken(request, 'user');
      const now = app.clock.now();
      const userId = signedInUser(request).id;
      const data = await app.bulkheads.exports.run(() =>
        exportAccount(app.db, userId, token ? hashToken(token) : undefined, now),
      );
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="btcp-account-${day}.json"`)
        .send(data);
    },
  );
}

/** The account's sessions: seen (browser, system, address, times) and ended, one or all others. */
function sessionRoutes(app: ZodApp) {
  const owner = (request: Parameters<typeof signedInUser>[0]) =>
    ({ kind: 'user', id: signedInUser(request).id }) as const;
  const current = (request: Parameters<typeof signedInUser>[0]) => {
    const token = sessionToken(request, 'user');
    return token ? hashToken(token) : undefined;
  };

  app.get(
    '/account/sessions',
    route('The account’s live sessions, the most recently active first, this one marked', {
      ok: SessionListSchema,
      onSend: noStore,
    }),
    async (request) => ({
      items: await listSessions(app.db, owner(request), current(request), app.clock.now()),
    }),
  );

  app.delete(
    '/account/sessions/:id',
    route('Sign one session out; its event streams end in every process', {
      params: SessionParamsSchema,
      noContent: true,
    }),
    async (request, reply) => {
      await endSessionById(app.db, owner(request), request.params.id, app.clock.now());
      await app.sessionCache.settle();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/sessions/sign-out-others',
    route('Sign out every session of the account but this one', { noContent: true }),
    async (request, reply) => {
      await endOtherUserSessions(app.db, owner(request).id, sessionToken(request, 'user'));
      await app.sessionCache.settle();
      return reply.status(204).send(null);
    },
  );
}
