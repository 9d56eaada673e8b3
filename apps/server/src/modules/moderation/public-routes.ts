import { PublicModerationLogPageSchema, PublicModerationLogQuerySchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag } from '#server/lib/shared-pages.ts';
import { listPublicModerationLog } from './modlog.ts';

const route = routeOptions(['community']);

/**
 * GET /api/community/modlog: the moderation log as everyone may read it, without the moderators'
 * names. Read afresh for each request; the ETag spares a reader a page they already hold.
 */
export const publicModerationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/community/modlog',
    route('The public moderation log: what was done and why, newest first, never by whom', {
      querystring: PublicModerationLogQuerySchema,
      ok: PublicModerationLogPageSchema,
    }),
    async (request, reply) => {
      const page = await listPublicModerationLog(app.db, request.query);
      return sendWithEtag(
        request,
        reply,
        SharedBody.of(PublicModerationLogPageSchema, page, false),
        'public',
      );
    },
  );
};
