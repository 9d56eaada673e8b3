import {
  AdminCommunityPageSchema,
  AdminCommunityPostSchema,
  AdminCommunityQuerySchema,
  AdminModerationLogQuerySchema,
  DeleteWithReasonQuerySchema,
  ModerationLogPageSchema,
  SetPostStatusBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffList } from '#server/lib/bulkhead.ts';
import { idParams, noStore, routeOptions } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { editHistoryRoutes } from './edit-history-routes.ts';
import { listModerationLog } from './modlog.ts';
import { reportModerationRoutes } from './report-routes.ts';
import { deletePostAsStaff, listPostsForModeration, setPostStatus } from './service.ts';

const PostParamsSchema = idParams('post');
const route = routeOptions(['community']);

/**
 * /api/admin/community/*: registered in the admin staff scope, whose guard lets in admins and
 * moderators (D7) and answers everyone else 401 or 403. Every change is audited, and settles the
 * public pages it shows on (the hook covers the edit-history and report routes registered here).
 */
export const communityModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', settlesSharedPages);
  app.get(
    '/posts',
    route('All posts, removed ones too, newest first; search over title, content, author', {
      querystring: AdminCommunityQuerySchema,
      ok: AdminCommunityPageSchema,
      onSend: noStore,
    }),
    async ({ query }) =>
      staffList(app.bulkheads, query, () => listPostsForModeration(app.db, query)),
  );

  app.patch(
    '/posts/:id',
    route('Mark a post active, flagged or removed, with an optional reason (audited, logged)', {
      params: PostParamsSchema,
      body: SetPostStatusBodySchema,
      ok: AdminCommunityPostSchema,
    }),
    async (request) => {
      const staff = signedInStaff(request);
      return setPostStatus(app.db, staff, request.params.id, request.body, app.clock.now());
    },
  );

  app.delete(
    '/posts/:id',
    route('Delete a post with all its comments and votes; ?reason= optional (audited, logged)', {
      params: PostParamsSchema,
      querystring: DeleteWithReasonQuerySchema,
      noContent: true,
    }),
    async (request, reply) => {
      const { reason } = request.query;
      await deletePostAsStaff(app.db, signedInStaff(request), request.params.id, reason);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/modlog',
    route('The moderation log with who did what, newest first; by action and by moderator', {
      querystring: AdminModerationLogQuerySchema,
      ok: ModerationLogPageSchema,
      onSend: noStore,
    }),
    async (request) => listModerationLog(app.db, request.query),
  );
  await app.register(editHistoryRoutes);
  await app.register(reportModerationRoutes);
};
