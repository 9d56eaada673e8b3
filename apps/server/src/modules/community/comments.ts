import { type Comment, type CommentsPage, communityMessages } from '@btcp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { communityComments, communityPosts, communityVotes, profiles } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { notify } from '../notifications/service.ts';
import { removeCommentFromTree } from './comment-removal.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { asItem, itemColumns, type RowOf, timestampAt, visibleToPublic, votesOf } from './sql.ts';

const commentSelection = {
  id: communityComments.id,
  postId: communityComments.postId,
  parentId: communityComments.parentId,
  depth: communityComments.depth,
  replyCount: communityComments.replyCount,
  content: communityComments.content,
  deletedAt: communityComments.deletedAt,
  status: communityComments.status,
  ...itemColumns(communityComments),
};

const selectComments = (db: DatabaseOrTransaction) =>
  db
    .select(commentSelection)
    .from(communityComments)
    .leftJoin(profiles, eq(profiles.id, communityComments.userId));

const asComment = asItem((row: RowOf<typeof selectComments>) => ({
  id: row.id,
  postId: row.postId,
  parentId: row.parentId,
  depth: row.depth,
  replyCount: row.replyCount,
  content: row.deletedAt ? '' : row.content,
  deleted: row.deletedAt !== null,
  status: row.status,
}));

/**
 * A comment staff removed reads "[removed]": its words and author are hidden. The mapping does
 * not know who reads, so staff see it so too; they act on it from the post page all the same.
 */
const toComment: typeof asComment = (row, myVote, viewerId) => {
  const comment = asComment(row, myVote, viewerId);
  return row.status === 'removed' ? { ...comment, content: '', author: null } : comment;
};

/** A post's comments, newest first, in keyset pages; the caller checked the post is readable. */
export async function listComments(
  db: Database,
  postId: string,
  query: { cursor?: string; limit: number },
  viewerId: string | null,
): Promise<CommentsPage> {
  const at = query.cursor ? decodeCursor('comments', query.cursor) : null;
  const after = at
    ? sql`(${communityComments.createdAt}, ${communityComments.id}) < (${timestampAt(at.c)}, ${at.id}::uuid)`
    : undefined;
  const rows = await selectComments(db)
    .where(and(eq(communityComments.postId, postId), after))
    .orderBy(newestFirst(communityComments.createdAt), newestFirst(communityComments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const votes = await votesOf(
    db,
    viewerId,
    communityVotes.commentId,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => toComment(row, votes.get(row.id) ?? null, viewerId)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor('comments', { c: last.createdMicros, id: last.id })
        : null,
  };
}

/** Adds a comment to a visible post and bumps its comment_count in the same transaction. */
export async function createComment(
  db: Database,
  userId: string,
  postId: string,
  content: string,
  now: Date,
): Promise<Comment> {
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
    const [created] = await tx
      .insert(communityComments)
      .values({ postId, userId, content, createdAt: now })
      .returning({ id: communityComments.id });
    const [row] = created
      ? await selectComments(tx).where(eq(communityComments.id, created.id))
      : [];
    if (!row) throw new Error('created comment not found');
    if (post.userId) {
      await notify(tx, {
        userId: post.userId,
        kind: 'reply',
        actorUserId: userId,
        postId,
        commentId: row.id,
        details: { postTitle: post.title, excerpt: content.slice(0, 140) },
      });
    }
    return toComment(row, null, userId);
  });
}

/**
 * D17: authors delete their own comments; with replies, it stays as "[deleted]"
 * (comment-removal.ts). Its votes go with the row when it goes.
 */
export async function deleteOwnComment(db: Database, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ userId: communityComments.userId, deletedAt: communityComments.deletedAt })
      .from(communityComments)
      .where(eq(communityComments.id, id));
    if (!comment || comment.deletedAt) throw notFound(communityMessages.commentNotFound);
    if (comment.userId !== userId) throw forbidden(communityMessages.notYourComment);
    // Someone deleted it between our read and our lock.
    if (!(await removeCommentFromTree(tx, id, new Date()))) {
      throw notFound(communityMessages.commentNotFound);
    }
  });
}
