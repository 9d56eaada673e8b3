import { type Comment, communityMessages, cutText, NOTICE_EXCERPT_CHARS } from '@btcp/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { communityComments, communityPosts } from '#server/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { removeCommentFromTree } from './comment-removal.ts';
import { selectComments, toComment } from './comment-tree.ts';
import { visibleToPublic } from './sql.ts';

/** How deep a reply may go: far past any real conversation, well within the depth column. */
export const MAX_COMMENT_DEPTH = 1_000;

interface Parent {
  id: string;
  rootId: string | null;
  depth: number;
  userId: string | null;
}

/**
 * The comment a reply answers, its reply count raised (the row locked after the post's, as every
 * change to a post's tree does). Refused when it is not on this post, was deleted or removed.
 */
async function takeReply(tx: Transaction, postId: string, parentId: string): Promise<Parent> {
  const [parent] = await tx
    .update(communityComments)
    .set({ replyCount: sql`${communityComments.replyCount} + 1` })
    .where(
      and(
        eq(communityComments.id, parentId),
        eq(communityComments.postId, postId),
        isNull(communityComments.deletedAt),
        ne(communityComments.status, 'removed'),
        sql`${communityComments.depth} < ${MAX_COMMENT_DEPTH}`,
      ),
    )
    .returning({
      id: communityComments.id,
      rootId: communityComments.rootId,
      depth: communityComments.depth,
      userId: communityComments.userId,
    });
  if (parent) return parent;
  const [found] = await tx
    .select({ postId: communityComments.postId, depth: communityComments.depth })
    .from(communityComments)
    .where(eq(communityComments.id, parentId));
  if (!found) throw notFound(communityMessages.parentNotFound);
  if (found.postId !== postId) {
    throw badRequest(communityMessages.parentOnOtherPost, {
      parentId: communityMessages.parentOnOtherPost,
    });
  }
  if (found.depth >= MAX_COMMENT_DEPTH) throw conflict(communityMessages.threadTooDeep);
  throw conflict(communityMessages.parentDeleted);
}

/**
 * Adds a comment to a visible post, at the top level or as a reply, and bumps the post's
 * comment_count (and the parent's reply_count) in the same transaction. A reply notifies the
 * author of the comment answered; a top-level comment, the post's author.
 */
export async function createComment(
  db: Database,
  userId: string,
  postId: string,
  input: { content: string; parentId?: string | null },
  now: Date,
): Promise<Comment> {
  const { content } = input;
  return db.transaction(async (tx) => {
    const [post] = await tx
      .update(communityPosts)
      .set({ commentCount: sql`${communityPosts.commentCount} + 1` })
      .where(and(eq(communityPosts.id, postId), visibleToPublic))
      .returning({
        id: communityPosts.id,
        userId: communityPosts.userId,
        title: communityPosts.title,
      });
    if (!post) throw notFound(communityMessages.postNotFound);
    const parent = input.parentId ? await takeReply(tx, postId, input.parentId) : null;
    const [created] = await tx
      .insert(communityComments)
      .values({
        postId,
        userId,
        content,
        createdAt: now,
        parentId: parent?.id ?? null,
        rootId: parent ? (parent.rootId ?? parent.id) : null,
        depth: parent ? parent.depth + 1 : 0,
      })
      .returning({ id: communityComments.id });
    const [row] = created
      ? await selectComments(tx).where(eq(communityComments.id, created.id))
      : [];
    if (!row) throw new Error('created comment not found');
    const answered = parent ? parent.userId : post.userId;
    if (answered) {
      await notify(tx, {
        userId: answered,
        kind: 'reply',
        actorUserId: userId,
        postId,
        commentId: row.id,
        details: { postTitle: post.title, excerpt: cutText(content, NOTICE_EXCERPT_CHARS) },
      });
    }
    return toComment(row, null, userId);
  });
}

/**
 * D17: authors delete their own comments: a comment with replies stays as "[deleted]", a leaf
 * goes with its votes (removeCommentFromTree), and the post's comment_count drops by one.
 */
export async function deleteOwnComment(
  db: Database,
  id: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ userId: communityComments.userId, deletedAt: communityComments.deletedAt })
      .from(communityComments)
      .where(eq(communityComments.id, id));
    if (!comment || comment.deletedAt !== null) throw notFound(communityMessages.commentNotFound);
    if (comment.userId !== userId) throw forbidden(communityMessages.notYourComment);
    const removed = await removeCommentFromTree(tx, id, now);
    // Deleted by someone else between our read and our lock.
    if (!removed) throw notFound(communityMessages.commentNotFound);
  });
}
