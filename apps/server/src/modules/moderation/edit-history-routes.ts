import { EditHistorySchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noStore, routeOptions } from '#server/lib/routes.ts';
import { commentEditHistory, postEditHistory } from '#server/modules/community/index.ts';

const route = routeOptions(['community']);

/**
 * What an edited post or comment said before, for staff only: registered inside the community
 * moderation routes, so the staff scope's guard answers everyone else 401 or 403.
 */
export const editHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/posts/:id/edits',
    route('A post’s title and text now and before each edit, newest first', {
      params: idParams('post'),
      ok: EditHistorySchema,
      onSend: noStore,
    }),
    async (request) => postEditHistory(app.db, request.params.id),
  );

  app.get(
    '/comments/:id/edits',
    route('A comment’s text now and before each edit, newest first', {
      params: idParams('comment'),
      ok: EditHistorySchema,
      onSend: noStore,
    }),
    async (request) => commentEditHistory(app.db, request.params.id),
  );
};
