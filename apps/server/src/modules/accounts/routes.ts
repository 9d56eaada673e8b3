import {
  AccountSchema,
  ChangePasswordBodySchema,
  MessageSchema,
  UpdateProfileBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { routeOptions } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { sessionToken } from '../auth/sessions.ts';
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
};
