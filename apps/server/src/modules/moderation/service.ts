import {
  type AdminCommunityPage,
  type AdminCommunityPost,
  type CommunityPostStatus,
  communityMessages,
  type Staff,
} from '@btcp/shared';
import { count, eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { numberedPage } from '#server/db/pages.ts';
import { communityPosts, profiles, users } from '#server/db/schema.ts';
import { containingAnywhere, type SearchPageQuery } from '#server/db/search.ts';
import { notFound } from '#server/errors.ts';
import { memberTagOf } from '#server/lib/member-tag.ts';
import { audit } from '#server/modules/audit/index.ts';
import { lockPost } from '#server/modules/community/index.ts';
import { logModeration } from './log.ts';

const rowSelection = {
  id: communityPosts.id,
  title: communityPosts.title,
  authorId: users.id,
  authorUsername: profiles.username,
  authorEmail: users.email,
  status: communityPosts.status,
  upvotes: communityPosts.upvotes,
  downvotes: communityPosts.downvotes,
  commentCount: communityPosts.commentCount,
  createdAt: communityPosts.createdAt,
};

const selectRows = (db: DatabaseOrTransaction) =>
  db
    .select(rowSelection)
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.userId))
    .leftJoin(profiles, eq(profiles.id, communityPosts.userId));

const toAdminPost = ({
  authorId,
  ...row
}: Omit<AdminCommunityPost, 'authorMemberTag' | 'createdAt'> & {
  authorId: string | null;
  createdAt: Date;
}): AdminCommunityPost => ({
  ...row,
  authorMemberTag: memberTagOf(authorId),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Every post, removed ones too, newest first, paginated on the server; the search is
 * case-insensitive over title, content and the author's username, as the /admin/community page searches.
 */
export async function listPostsForModeration(
  db: Database,
  query: SearchPageQuery,
): Promise<AdminCommunityPage> {
  const where = containingAnywhere(query.search, [
    communityPosts.title,
    communityPosts.content,
    profiles.username,
  ]);
  const page = await numberedPage(
    query,
    (limit, offset) =>
      selectRows(db)
        .where(where)
        .orderBy(newestFirst(communityPosts.createdAt), newestFirst(communityPosts.id))
        .limit(limit)
        .offset(offset),
    db
      .select({ value: count() })
      .from(communityPosts)
      .leftJoin(profiles, eq(profiles.id, communityPosts.userId))
      .where(where),
  );
  return { ...page, items: page.items.map(toAdminPost) };
}

/**
 * Any status from any state, audited and written to the moderation log (which tells the author,
 * with the reason) in the same transaction.
 */
export async function setPostStatus(
  db: Database,
  actor: Staff,
  id: string,
  change: { status: CommunityPostStatus; reason?: string | undefined },
  now: Date,
): Promise<AdminCommunityPost> {
  const { status } = change;
  return db.transaction(async (tx) => {
    const before = await lockPost(tx, id);
    if (!before) throw notFound(communityMessages.postNotFound);
    await tx
      .update(communityPosts)
      .set({ status, updatedAt: now })
      .where(eq(communityPosts.id, id));
    await audit(
      tx,
      actor,
      'community.post.status',
      { type: 'community_post', id },
      { from: before.status, to: status },
    );
    await logModeration(tx, actor, {
      action: `post.${status}`,
      target: { type: 'post', id },
      targetUserId: before.userId,
      targetLabel: before.title,
      reason: change.reason,
      postId: id,
      postTitle: before.title,
    });
    const [row] = await selectRows(tx).where(eq(communityPosts.id, id));
    if (!row) throw notFound(communityMessages.postNotFound);
    return toAdminPost(row);
  });
}

/**
 * Deletes the post with its comments and votes (cascades), audited and written to the moderation
 * log (which tells the author, with the reason) in the same transaction.
 */
export async function deletePostAsStaff(
  db: Database,
  actor: Staff,
  id: string,
  reason?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(communityPosts)
      .where(eq(communityPosts.id, id))
      .returning({ title: communityPosts.title, userId: communityPosts.userId });
    if (!deleted) throw notFound(communityMessages.postNotFound);
    await audit(tx, actor, 'community.post.delete', { type: 'community_post', id }, deleted);
    await logModeration(tx, actor, {
      action: 'post.delete',
      target: { type: 'post', id },
      targetUserId: deleted.userId,
      targetLabel: deleted.title,
      reason,
      postTitle: deleted.title,
    });
  });
}
