import {
  type CommentSort,
  type CommentsPage,
  CommentsPageSchema,
  CommentThreadSchema,
  communityMessages,
} from '@btcp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '#server/errors.ts';
import type { ZodApp } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag } from '#server/lib/shared-pages.ts';
import {
  personalCommentPage,
  personalRows,
  type SharedCommentPage,
  sharedCommentPage,
} from './comment-pages.ts';
import { readSubThread, readThreads } from './comment-tree.ts';
import { assertPostReadable } from './posts.ts';
import { settled } from './settling.ts';
import { viewerOf } from './viewer.ts';

/** First pages of threads each process keeps: the posts being read, in effect. */
const KEPT_COMMENT_PAGES = 256;

/**
 * What the comment routes answer. A post's first page of threads in each sort is read once for
 * every visitor and member (decision 013) until the community changes, and a member's votes and
 * own comments are marked on a copy; later pages and staff (who also read removed posts) are read
 * afresh.
 */
export function commentReaders(app: ZodApp) {
  const kept = app.sharedPages.bounded<SharedCommentPage>('community', KEPT_COMMENT_PAGES);

  async function commentPage(
    request: FastifyRequest,
    reply: FastifyReply,
    postId: string,
    query: { sort: CommentSort; cursor?: string; limit: number },
  ) {
    const viewer = await viewerOf(request);
    if (!query.cursor && !(await viewer.isStaff())) {
      await settled(app.sharedPages);
      const shared = await kept.get(`${postId}:${query.sort}:${query.limit}`, async () => {
        await assertPostReadable(app.db, postId, viewer);
        return sharedCommentPage(await readThreads(app.db, postId, query));
      });
      if (!viewer.userId) return sendWithEtag(request, reply, shared.body, 'public');
      const body = await personalCommentPage(app.db, shared, viewer.userId);
      return sendWithEtag(request, reply, body, 'personal');
    }
    await assertPostReadable(app.db, postId, viewer);
    const { rows, nextCursor } = await readThreads(app.db, postId, query);
    const page: CommentsPage = {
      items: await personalRows(app.db, rows, viewer.userId),
      nextCursor,
    };
    const audience = viewer.userId === null && !(await viewer.isStaff()) ? 'public' : 'personal';
    // Compressed for this one answer.
    return sendWithEtag(request, reply, SharedBody.of(CommentsPageSchema, page, false), audience);
  }

  /** One comment's sub-thread, readable when its post is; read afresh for every request. */
  async function commentThread(
    request: FastifyRequest,
    reply: FastifyReply,
    commentId: string,
    sort: CommentSort,
  ) {
    const viewer = await viewerOf(request);
    const rows = await readSubThread(app.db, commentId, sort);
    const postId = rows[0]?.postId;
    if (!postId) throw notFound(communityMessages.commentNotFound);
    await assertPostReadable(app.db, postId, viewer);
    const thread = { postId, commentId, items: await personalRows(app.db, rows, viewer.userId) };
    const audience = viewer.userId === null && !(await viewer.isStaff()) ? 'public' : 'personal';
    return sendWithEtag(
      request,
      reply,
      SharedBody.of(CommentThreadSchema, thread, false),
      audience,
    );
  }

  return { commentPage, commentThread };
}
