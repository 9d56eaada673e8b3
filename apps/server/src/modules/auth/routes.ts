import { SessionStateSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAdminBySessionToken, findUserBySessionToken } from './service.ts';
import { sessionCookieNames } from './session-cookies.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieNames = sessionCookieNames(app.config.isProduction);

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in: the user session and the admin session, each or neither',
        response: { 200: SessionStateSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const userToken = request.cookies[cookieNames.user];
      const adminToken = request.cookies[cookieNames.admin];
      const [user, admin] = await Promise.all([
        userToken ? findUserBySessionToken(app.db, userToken, now) : null,
        adminToken ? findAdminBySessionToken(app.db, adminToken, now) : null,
      ]);
      reply.header('cache-control', 'no-store');
      return { user, admin };
    },
  );
};
