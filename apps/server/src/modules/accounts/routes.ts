import {
  AccountSchema,
  ChangePasswordBodySchema,
  MessageSchema,
  SessionListSchema,
  SessionParamsSchema,
  UpdateProfileBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { endSessionById, listSessions } from '../auth/session-list.ts';
import { endOtherUserSessions, sessionToken } from '../auth/sessions.ts';
import { changePassword, getAccount, updateUsername } from './service.ts';

const route = routeOptions(['account']);

/** The signed-in user's own account; every route here requires a user session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
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
    route('Change the password; ends every other session of the account', {
      body: ChangePasswordBodySchema,
      ok: MessageSchema,
      onRequest: rateLimitedAs('account-password'),
    }),
    async (request) => {
      await changePassword(
        app.db,
        signedInUser(request).id,
        request.body,
        sessionToken(request, 'user'),
        app.clock.now(),
      );
      await app.sessionCache.settle();
      return { message: 'Password updated' };
    },
  );

  sessionRoutes(app);
};

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
