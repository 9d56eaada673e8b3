import { communityMessages, type VoteChange, type VoteResult, voteChange } from '@btcp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { communityComments, communityPosts, communityVotes } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { hotRankSql } from './hot-rank.ts';
import { type VoteType, visibleToPublic } from './sql.ts';

type Target = { kind: 'post'; id: string } | { kind: 'comment'; id: string };

/** Writes the vote row for the change (one row per user and item, a unique key guarantees it). */
async function recordVote(
  tx: Transaction,
  userId: string,
  target: Target,
  requested: VoteType,
): Promise<VoteChange> {
  const itemColumn = target.kind === 'post' ? communityVotes.postId : communityVotes.commentId;
  const mine = and(eq(communityVotes.userId, userId), eq(itemColumn, target.id));
  const [existing] = await tx
    .select({ voteType: communityVotes.voteType })
    .from(communityVotes)
    .where(mine);
  const change = voteChange(existing?.voteType ?? null, requested);
  if (!existing) {
    await tx.insert(communityVotes).values({
      userId,
      postId: target.kind === 'post' ? target.id : null,
      commentId: target.kind === 'comment' ? target.id : null,
      voteType: requested,
    });
  } else if (change.next === null) {
    await tx.delete(communityVotes).where(mine);
  } else {
    await tx.update(communityVotes).set({ voteType: change.next }).where(mine);
  }
  return change;
}

/**
 * Votes on a visible post. The post row is locked first, so every vote on one post (even two
 * clicks of one user) takes its turn, and the counters and hot rank move in the same transaction
 * as the vote row (D1).
 */
export async function voteOnPost(
  db: Database,
  userId: string,
  postId: string,
  requested: VoteType,
): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, postId), visibleToPublic))
      .for('update');
    if (!post) throw notFound(communityMessages.postNotFound);
    const change = await recordVote(tx, userId, { kind: 'post', id: postId }, requested);
    const up = sql`(${communityPosts.upvotes} + ${change.upvotes}::integer)`;
    const down = sql`(${communityPosts.downvotes} + ${change.downvotes}::integer)`;
    const [counters] = await tx
      .update(communityPosts)
      .set({
        upvotes: up,
        downvotes: down,
        hotRank: hotRankSql(sql`(${up} - ${down})`, sql`${communityPosts.createdAt}`),
      })
      .where(eq(communityPosts.id, postId))
      .returning({ upvotes: communityPosts.upvotes, downvotes: communityPosts.downvotes });
    if (!counters) throw notFound(communityMessages.postNotFound);
    return { ...counters, myVote: change.next };
  });
}

/** Votes on a comment of a visible post: the same machine, the comment's own counters. */
export async function voteOnComment(
  db: Database,
  userId: string,
  commentId: string,
  requested: VoteType,
): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: communityComments.id })
      .from(communityComments)
      .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
      .where(and(eq(communityComments.id, commentId), visibleToPublic))
      .for('update', { of: communityComments });
    if (!comment) throw notFound(communityMessages.commentNotFound);
    const change = await recordVote(tx, userId, { kind: 'comment', id: commentId }, requested);
    const [counters] = await tx
      .update(communityComments)
      .set({
        upvotes: sql`${communityComments.upvotes} + ${change.upvotes}::integer`,
        downvotes: sql`${communityComments.downvotes} + ${change.downvotes}::integer`,
      })
      .where(eq(communityComments.id, commentId))
      .returning({ upvotes: communityComments.upvotes, downvotes: communityComments.downvotes });
    if (!counters) throw notFound(communityMessages.commentNotFound);
    return { ...counters, myVote: change.next };
  });
}
