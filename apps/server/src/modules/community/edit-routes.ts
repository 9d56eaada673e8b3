import {
  CommentSchema,
  CommunityPostSchema,
  UpdateCommentBodySchema,
  UpdateCommunityPostBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, routeOptions } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { requireActiveUser } from '#server/modules/auth/index.ts';
import { editOwnComment, editOwnPost } from './edits.ts';
import { rateLimitedAuthor } from './rate-limits.ts';

const route = routeOptions(['community']);

/**
 * Authors edit their own posts and comments (not banned members, D9). An edited post is on shared
 * pages (lists, its own page), which settle before the answer as after a deletion, so the author's
 * next read shows the new text; comments are read afresh for every request.
 */
export const communityEditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/community/posts/:id',
    route('Edit one’s own post: the text any time, the title in its first 10 minutes', {
      params: idParams('post'),
      body: UpdateCommunityPostBodySchema,
      ok: CommunityPostSchema,
      onRequest: requireActiveUser,
      onSend: settlesSharedPages,
    }),
    async (request) => {
      const userId = await rateLimitedAuthor(request, 'edit');
      return editOwnPost(app.db, request.params.id, userId, request.body, app.clock.now());
    },
  );

  app.patch(
    '/community/comments/:id',
    route('Edit one’s own comment (not a deleted one)', {
      params: idParams('comment'),
      body: UpdateCommentBodySchema,
      ok: CommentSchema,
      onRequest: requireActiveUser,
    }),
    async (request) => {
      const userId = await rateLimitedAuthor(request, 'edit');
      const { id } = request.params;
      return editOwnComment(app.db, id, userId, request.body.content, app.clock.now());
    },
  );
};
