import { eq } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { communityComments, communityPosts } from '#server/db/schema.ts';

/**
 * The row locks every writer of a post or comment takes (FOR UPDATE), with what those writers
 * read. The post is locked before any of its comments, the order every comment and post change
 * takes, so two writers cannot deadlock (decision 024).
 */

/** A post, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockPost(tx: Transaction, id: string) {
  const [post] = await tx
    .select({
      userId: communityPosts.userId,
      title: communityPosts.title,
      content: communityPosts.content,
      status: communityPosts.status,
      createdAt: communityPosts.createdAt,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, id))
    .for('update');
  return post;
}

/** A comment, locked for the rest of the transaction (its post first); undefined when gone. */
export async function lockComment(tx: Transaction, id: string) {
  const [comment] = await tx
    .select({
      postId: communityComments.postId,
      parentId: communityComments.parentId,
      userId: communityComments.userId,
      content: communityComments.content,
      status: communityComments.status,
      replyCount: communityComments.replyCount,
      deletedAt: communityComments.deletedAt,
    })
    .from(communityComments)
    .where(eq(communityComments.id, id))
    .for('update');
  return comment;
}
