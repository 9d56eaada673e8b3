import {
  type CreateReportBody,
  CreateReportBodySchema,
  type ReportCreated,
  ReportCreatedSchema,
  type ReportItemType,
  reportMessages,
} from '@btcp/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { communityComments, communityPosts, communityReports } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { idParams, routeOptions } from '#server/lib/routes.ts';
import { requireActiveUser } from '#server/modules/auth/index.ts';
import { rateLimitedAuthor } from './rate-limits.ts';

/** The author of a reportable item: it exists and members can see it (not removed or deleted). */
async function visibleItemAuthor(
  db: Database,
  itemType: ReportItemType,
  itemId: string,
): Promise<{ userId: string | null } | null> {
  if (itemType === 'post') {
    const [post] = await db
      .select({ userId: communityPosts.userId })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, itemId), ne(communityPosts.status, 'removed')));
    return post ?? null;
  }
  const [comment] = await db
    .select({ userId: communityComments.userId })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(
      and(
        eq(communityComments.id, itemId),
        ne(communityComments.status, 'removed'),
        isNull(communityComments.deletedAt),
        ne(communityPosts.status, 'removed'),
      ),
    );
  return comment ?? null;
}

/**
 * Files one member's report of a post or comment they can see and did not write. Once per member
 * and item: the unique keys decide, so two reports sent at once still make one row, and the
 * second is a 409 that writes nothing.
 */
export async function createReport(
  db: Database,
  reporterId: string,
  itemType: ReportItemType,
  itemId: string,
  body: CreateReportBody,
  now: Date,
): Promise<ReportCreated> {
  const item = await visibleItemAuthor(db, itemType, itemId);
  if (!item) throw notFound(reportMessages.itemNotFound);
  if (item.userId === reporterId) throw forbidden(reportMessages.ownItem);
  const details = body.details?.trim() ? body.details.trim() : null;
  const [created] = await db
    .insert(communityReports)
    .values({
      reporterId,
      postId: itemType === 'post' ? itemId : null,
      commentId: itemType === 'comment' ? itemId : null,
      reason: body.reason,
      details,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: communityReports.id, createdAt: communityReports.createdAt });
  if (!created) throw conflict(reportMessages.alreadyReported);
  return { id: created.id, createdAt: created.createdAt.toISOString() };
}

const route = routeOptions(['community']);

const reportables = [
  {
    itemType: 'post' as const,
    path: '/community/posts/:id/reports',
    params: idParams('post'),
    summary: 'Report a post to the moderators, once per member (a rule or Other with words)',
  },
  {
    itemType: 'comment' as const,
    path: '/community/comments/:id/reports',
    params: idParams('comment'),
    summary: 'Report a comment to the moderators, once per member (a rule or Other with words)',
  },
];

/**
 * /api/community/{posts,comments}/:id/reports: signed-in members who are not banned (D9), within
 * their hourly limit on reports (D5).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { itemType, path, params, summary } of reportables) {
    app.post(
      path,
      route(summary, {
        params,
        body: CreateReportBodySchema,
        created: ReportCreatedSchema,
        onRequest: requireActiveUser,
      }),
      async (request, reply) => {
        const userId = await rateLimitedAuthor(request, 'report');
        const report = await createReport(
          app.db,
          userId,
          itemType,
          request.params.id,
          request.body,
          app.clock.now(),
        );
        return reply.status(201).send(report);
      },
    );
  }
};
