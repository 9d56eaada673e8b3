import {
  AccountSchema,
  ChangePasswordBodySchema,
  MessageSchema,
  UpdateProfileBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { sessionToken } from '../auth/sessions.ts';
import { changePassword, getAccount, updateUsername } from './service.ts';

/** The signed-in user's own account; every route here requires a user session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/account',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s profile',
        response: { 200: AccountSchema },
      },
    },
    async (request) => getAccount(app.db, signedInUser(request).id),
  );

  app.patch(
    '/account',
    {
      // The name shows on the user's posts in the public lists.
      onSend: settlesSharedPages,
      schema: {
        tags: ['account'],
        summary: 'Change the username',
        body: UpdateProfileBodySchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) =>
      updateUsername(app.db, signedInUser(request).id, request.body.username, app.clock.now()),
  );

  app.post(
    '/account/password',
    {
      onRequest: rateLimitedAs('account-password'),
      schema: {
        tags: ['account'],
        summary: 'Change the password; ends every other session of the account',
        body: ChangePasswordBodySchema,
        response: { 200: MessageSchema },
      },
    },
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
