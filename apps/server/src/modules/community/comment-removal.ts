import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { communityComments, communityPosts } from '#server/db/schema.ts';
import { lockComment, lockPost } from './locks.ts';

export interface RemovedComment {
  postId: string;
  userId: string | null;
  content: string;
}

/**
 * Takes a comment out of its thread (decision 024), for its author and for staff alike. One with
 * replies stays as a "[deleted]" placeholder (text emptied) so its replies keep their place; a leaf
 * goes, and so does each "[deleted]" ancestor it leaves without replies. The post's comment_count
 * counts live comments, so it drops by exactly one either way. The post row is locked first, the
 * order every comment and post change takes, so two deletions cannot deadlock. Null when the
 * comment is gone or already deleted.
 */
export async function removeCommentFromTree(
  tx: Transaction,
  commentId: string,
  now: Date,
): Promise<RemovedComment | null> {
  const [target] = await tx
    .select({ postId: communityComments.postId })
    .from(communityComments)
    .where(eq(communityComments.id, commentId));
  if (!target) return null;
  await lockPost(tx, target.postId);
  const comment = await lockComment(tx, commentId);
  if (!comment || comment.deletedAt) return null;
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
    await pruneEmptyPlaceholders(tx, comment.parentId);
  }
  return { postId: comment.postId, userId: comment.userId, content: comment.content };
}

/** One reply fewer under each ancestor; a "[deleted]" one left with none goes too, upwards. */
async function pruneEmptyPlaceholders(tx: Transaction, parentId: string | null) {
  let next = parentId;
  while (next) {
    const [parent] = await tx
      .update(communityComments)
      .set({ replyCount: sql`${communityComments.replyCount} - 1` })
      .where(eq(communityComments.id, next))
      .returning({
        parentId: communityComments.parentId,
        replyCount: communityComments.replyCount,
        deletedAt: communityComments.deletedAt,
      });
    if (!parent || parent.replyCount > 0 || !parent.deletedAt) return;
    await tx.delete(communityComments).where(eq(communityComments.id, next));
    next = parent.parentId;
  }
}
