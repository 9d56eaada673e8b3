import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { communityComments, communityPosts } from '#server/db/schema.ts';

/** What was removed: for the caller's checks, a moderation log's label and its notice. */
export interface RemovedComment {
  postId: string;
  userId: string | null;
  content: string;
}

/**
 * Removes a comment from its post's tree, as its author or staff delete it. A comment with replies
 * keeps its row as a "[deleted]" placeholder (text emptied, `deleted_at` set) so the replies keep
 * their place; a leaf row is deleted outright, its parent's reply count drops, and a placeholder
 * left with no replies goes too, and so on upwards. The post's comment_count counts the comments
 * not deleted, so it drops by exactly one either way.
 *
 * Every change to a post's tree locks the post row first, then comments (as adding a comment and
 * deleting a post do), so they queue per post and cannot deadlock. null when the comment does not
 * exist or was deleted already; the caller decides what that answers.
 */
export async function removeCommentFromTree(
  tx: Transaction,
  commentId: string,
  now: Date,
): Promise<RemovedComment | null> {
  const [seen] = await tx
    .select({ postId: communityComments.postId })
    .from(communityComments)
    .where(eq(communityComments.id, commentId));
  if (!seen) return null;
  await tx.execute(
    sql`SELECT 1 FROM ${communityPosts} WHERE ${communityPosts.id} = ${seen.postId} FOR UPDATE`,
  );
  const [comment] = await tx
    .select({
      postId: communityComments.postId,
      parentId: communityComments.parentId,
      userId: communityComments.userId,
      content: communityComments.content,
      replyCount: communityComments.replyCount,
      deletedAt: communityComments.deletedAt,
    })
    .from(communityComments)
    .where(eq(communityComments.id, commentId))
    .for('update');
  // Gone or deleted while we waited for the post's lock.
  if (!comment || comment.deletedAt !== null) return null;

  await tx
    .update(communityPosts)
    .set({ commentCount: sql`${communityPosts.commentCount} - 1` })
    .where(eq(communityPosts.id, comment.postId));
  if (comment.replyCount > 0) {
    await tx
      .update(communityComments)
      .set({ deletedAt: now, content: '' })
      .where(eq(communityComments.id, commentId));
  } else {
    await tx.delete(communityComments).where(eq(communityComments.id, commentId));
    await pruneUpwards(tx, comment.parentId);
  }
  return { postId: comment.postId, userId: comment.userId, content: comment.content };
}

/**
 * One reply fewer under `parentId`; a "[deleted]" placeholder left without replies has nothing
 * left to hold up and is deleted too, which is one reply fewer for its own parent.
 */
async function pruneUpwards(tx: Transaction, parentId: string | null): Promise<void> {
  let next = parentId;
  while (next !== null) {
    const [parent] = await tx
      .update(communityComments)
      .set({ replyCount: sql`${communityComments.replyCount} - 1` })
      .where(eq(communityComments.id, next))
      .returning({
        parentId: communityComments.parentId,
        replyCount: communityComments.replyCount,
        deletedAt: communityComments.deletedAt,
      });
    if (!parent || parent.deletedAt === null || parent.replyCount > 0) return;
    await tx.delete(communityComments).where(eq(communityComments.id, next));
    next = parent.parentId;
  }
}
