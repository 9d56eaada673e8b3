import {
  type Comment,
  type CommunityPost,
  communityEditMessages,
  communityMessages,
  type EditHistory,
  TITLE_EDIT_WINDOW_MINUTES,
  type UpdateCommunityPostBody,
} from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import {
  communityComments,
  communityEdits,
  communityPosts,
  communityVotes,
} from '#server/db/schema.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { selectComments, toComment } from './comment-tree.ts';
import { lockPost } from './locks.ts';
import { getPost } from './posts.ts';
import { votesOf } from './sql.ts';

/**
 * Authors change their own posts and comments. Each real change keeps the text it replaced in
 * community_edits (for staff) and stamps edited_at (shown to everyone as "edited"); a change that
 * changes nothing writes nothing. A post's title is fixed after its first minutes, so a
 * discussion cannot be retitled under the people who answered it; its text may change any time.
 */

const TITLE_WINDOW_MS = TITLE_EDIT_WINDOW_MINUTES * 60_000;

/** The post as its author now sees it; removed posts were refused before, so it is readable. */
const asAuthor = (userId: string) => ({ userId, isStaff: async () => false });

export async function editOwnPost(
  db: Database,
  id: string,
  userId: string,
  body: UpdateCommunityPostBody,
  now: Date,
): Promise<CommunityPost> {
  await db.transaction(async (tx) => {
    const row = await lockPost(tx, id);
    // D17: a removed post is 'not found' to its author as to everyone but staff.
    if (!row || row.status === 'removed') throw notFound(communityMessages.postNotFound);
    if (row.userId !== userId) throw forbidden(communityEditMessages.notYourPost);
    const title = body.title ?? row.title;
    const content = body.content ?? row.content;
    const titleChanged = title !== row.title;
    if (!titleChanged && content === row.content) return;
    if (titleChanged && now.getTime() - row.createdAt.getTime() >= TITLE_WINDOW_MS) {
      throw badRequest(communityEditMessages.titleLocked, {
        title: communityEditMessages.titleLocked,
      });
    }
    await tx.insert(communityEdits).values({
      postId: id,
      previousTitle: titleChanged ? row.title : null,
      previousContent: row.content,
      createdAt: now,
    });
    await tx
      .update(communityPosts)
      .set({ title, content, editedAt: now, updatedAt: now })
      .where(eq(communityPosts.id, id));
  });
  return getPost(db, id, asAuthor(userId));
}

/**
 * A comment's own text, by its author: not once it is deleted ("[deleted]") or removed by staff,
 * nor under a removed post, which is 'not found' to them.
 */
export async function editOwnComment(
  db: Database,
  id: string,
  userId: string,
  content: string,
  now: Date,
): Promise<Comment> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: communityComments.userId,
        content: communityComments.content,
        status: communityComments.status,
        deletedAt: communityComments.deletedAt,
        postStatus: communityPosts.status,
      })
      .from(communityComments)
      .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
      .where(eq(communityComments.id, id))
      .for('update', { of: communityComments });
    const gone =
      !row || row.deletedAt !== null || row.status === 'removed' || row.postStatus === 'removed';
    if (gone) throw notFound(communityMessages.commentNotFound);
    if (row.userId !== userId) throw forbidden(communityEditMessages.notYourComment);
    if (content === row.content) return;
    await tx.insert(communityEdits).values({
      commentId: id,
      previousContent: row.content,
      createdAt: now,
    });
    await tx
      .update(communityComments)
      .set({ content, editedAt: now })
      .where(eq(communityComments.id, id));
  });
  const [row] = await selectComments(db).where(eq(communityComments.id, id));
  if (!row) throw notFound(communityMessages.commentNotFound);
  const votes = await votesOf(db, userId, communityVotes.commentId, [id]);
  return toComment(row, votes.get(id) ?? null, userId);
}

/** The versions an item had before each edit, newest first. */
async function versionsOf(db: Database, target: { postId: string } | { commentId: string }) {
  const where =
    'postId' in target
      ? eq(communityEdits.postId, target.postId)
      : eq(communityEdits.commentId, target.commentId);
  const rows = await db
    .select({
      title: communityEdits.previousTitle,
      content: communityEdits.previousContent,
      editedAt: communityEdits.createdAt,
    })
    .from(communityEdits)
    .where(where)
    .orderBy(newestFirst(communityEdits.createdAt), newestFirst(communityEdits.id));
  return rows.map((row) => ({ ...row, editedAt: row.editedAt.toISOString() }));
}

/** Staff: a post's text now and before each edit, removed posts included. */
export async function postEditHistory(db: Database, id: string): Promise<EditHistory> {
  const [post] = await db
    .select({
      title: communityPosts.title,
      content: communityPosts.content,
      editedAt: communityPosts.editedAt,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, id));
  if (!post) throw notFound(communityMessages.postNotFound);
  return {
    current: { ...post, editedAt: post.editedAt?.toISOString() ?? null },
    versions: await versionsOf(db, { postId: id }),
  };
}

/** Staff: a comment's text now (empty once deleted) and before each edit. */
export async function commentEditHistory(db: Database, id: string): Promise<EditHistory> {
  const [comment] = await db
    .select({
      content: communityComments.content,
      deletedAt: communityComments.deletedAt,
      editedAt: communityComments.editedAt,
    })
    .from(communityComments)
    .where(eq(communityComments.id, id));
  if (!comment) throw notFound(communityMessages.commentNotFound);
  return {
    current: {
      title: null,
      content: comment.deletedAt ? '' : comment.content,
      editedAt: comment.editedAt?.toISOString() ?? null,
    },
    versions: await versionsOf(db, { commentId: id }),
  };
}
