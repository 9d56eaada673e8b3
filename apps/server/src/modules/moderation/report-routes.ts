import {
  AdminReportsQuerySchema,
  ReportedItemsPageSchema,
  ResolveReportsBodySchema,
  ResolveReportsResultSchema,
  SetCommentStatusBodySchema,
  StaffCommentStatusSchema,
  StaffReasonQuerySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffList } from '#server/lib/bulkhead.ts';
import { idParams, noStore, routeOptions } from '#server/lib/routes.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import {
  deleteCommentAsStaff,
  listOpenReports,
  resolveReports,
  setCommentStatus,
} from './reports.ts';

const CommentParamsSchema = idParams('comment');
const route = routeOptions(['community']);

/**
 * /api/admin/community/reports and /api/admin/community/comments/:id, registered inside the
 * community moderation routes (their guard and their shared-page hook). Every action closes the
 * item's open reports, is written to the moderation log (telling the author, with the reason) and
 * audited.
 */
export const reportModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    route(
      'Open reports grouped by item, most recently reported first; search over item and author',
      {
        querystring: AdminReportsQuerySchema,
        ok: ReportedItemsPageSchema,
        onSend: noStore,
      },
    ),
    async ({ query }) => staffList(app.bulkheads, query, () => listOpenReports(app.db, query)),
  );

  app.post(
    '/reports/resolve',
    route('Dismiss, flag, remove or delete a reported item, closing all its open reports', {
      body: ResolveReportsBodySchema,
      ok: ResolveReportsResultSchema,
    }),
    async (request) =>
      resolveReports(app.db, signedInStaff(request), request.body, app.clock.now()),
  );

  app.patch(
    '/comments/:id',
    route('Mark a comment active, flagged or removed, with an optional reason (logged, audited)', {
      params: CommentParamsSchema,
      body: SetCommentStatusBodySchema,
      ok: StaffCommentStatusSchema,
    }),
    async (request) => {
      const staff = signedInStaff(request);
      return setCommentStatus(app.db, staff, request.params.id, request.body, app.clock.now());
    },
  );

  app.delete(
    '/comments/:id',
    route('Delete any comment ("[deleted]" stays while it has replies); ?reason= is optional', {
      params: CommentParamsSchema,
      querystring: StaffReasonQuerySchema,
      noContent: true,
    }),
    async (request, reply) => {
      await deleteCommentAsStaff(
        app.db,
        signedInStaff(request),
        request.params.id,
        request.query.reason,
        app.clock.now(),
      );
      return reply.status(204).send(null);
    },
  );
};
