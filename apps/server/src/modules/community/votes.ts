import { communityMessages, type VoteResult } from '@btcp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import {
  communityComments,
  communityPosts,
  communityVotes,
  rateLimitHits,
} from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { type RateLimitHit, tooManyRequests } from '#server/lib/rate-limit.ts';
import { hotRankSql } from './hot-rank.ts';
import type { VoteType } from './sql.ts';

/** What differs between a vote on a post and a vote on a comment. */
interface VoteTarget {
  /** The vote row's column naming the item. */
  column: 'post_id' | 'comment_id';
  /** The unique key on (user, item) that a vote racing another of the same voter runs into. */
  uniqueKey: string;
  /** The vote row's key to its item, which a vote on an item deleted meanwhile runs into. */
  itemKey: string;
  /** The item if the public can see it (`SELECT id …`), given its id and the rate limit's verdict. */
  visible: (id: string, allowed: SQL) => SQL;
  /** The counters' UPDATE, given the change (`delta`: id, up, down) and whether a vote row moved. */
  count: SQL;
  notFound: string;
}

/** The vote row's column naming the item, and that column's two keys, as the schema names them. */
function itemKeys(column: typeof communityVotes.postId | typeof communityVotes.commentId) {
  const { uniqueConstraints, foreignKeys } = getTableConfig(communityVotes);
  const on = (columns: { name: string }[]) => columns.some(({ name }) => name === column.name);
  const uniqueKey = uniqueConstraints.find((key) => on(key.columns))?.getName();
  const itemKey = foreignKeys.find((key) => on(key.reference().columns))?.getName();
  if (!uniqueKey || !itemKey) throw new Error(`community_votes has no keys on ${column.name}`);
  return { column: column.name as VoteTarget['column'], uniqueKey, itemKey };
}

const score = sql`(${communityPosts.upvotes} + delta.up - ${communityPosts.downvotes} - delta.down)`;

const posts: VoteTarget = {
  ...itemKeys(communityVotes.postId),
  visible: (id, allowed) => sql`
    SELECT ${communityPosts.id} AS id FROM ${communityPosts}
    WHERE ${communityPosts.id} = ${id} AND ${communityPosts.status} <> 'removed' AND ${allowed}`,
  count: sql`
    UPDATE ${communityPosts} SET upvotes = ${communityPosts.upvotes} + delta.up,
      downvotes = ${communityPosts.downvotes} + delta.down,
      hot_rank = ${hotRankSql(score, sql`${communityPosts.createdAt}`)}
    FROM delta WHERE ${communityPosts.id} = delta.id AND EXISTS (SELECT 1 FROM written)
    RETURNING ${communityPosts.upvotes} AS upvotes, ${communityPosts.downvotes} AS downvotes`,
  notFound: communityMessages.postNotFound,
};

const comments: VoteTarget = {
  ...itemKeys(communityVotes.commentId),
  visible: (id, allowed) => sql`
    SELECT ${communityComments.id} AS id FROM ${communityComments}
    JOIN ${communityPosts} ON ${communityPosts.id} = ${communityComments.postId}
    WHERE ${communityComments.id} = ${id} AND ${communityPosts.status} <> 'removed'
      AND ${communityComments.deletedAt} IS NULL AND ${allowed}`,
  count: sql`
    UPDATE ${communityComments} SET upvotes = ${communityComments.upvotes} + delta.up,
      downvotes = ${communityComments.downvotes} + delta.down
    FROM delta WHERE ${communityComments.id} = delta.id AND EXISTS (SELECT 1 FROM written)
    RETURNING ${communityComments.upvotes} AS upvotes, ${communityComments.downvotes} AS downvotes`,
  notFound: communityMessages.commentNotFound,
};

interface VoteRow {
  hits: number;
  found: boolean;
  upvotes: number | null;
  downvotes: number | null;
  my_vote: VoteType | null;
}

/**
 * The whole vote as one statement, one round trip: the rate limit's hit (`counted` is 0 when the
 * vote is sent again, its hit already counted), then, within the limit and if the item is visible,
 * the change of D1's state machine (none → the vote, the same again → none, the opposite →
 * switch), the vote row, and the counters, which move only if the vote row moved as the change
 * expected. The statement reads the voter's vote as of its start; the hit row makes one voter's
 * votes wait for each other, and a vote row that another vote of the voter changed meanwhile is
 * not the one expected: nothing moves (or the unique key refuses the insert), and the vote is sent
 * again.
 */
function voteStatement(
  target: VoteTarget,
  vote: { userId: string; id: string; hit: RateLimitHit; requested: VoteType; counted: 0 | 1 },
) {
  const { userId, id, hit, requested, counted } = vote;
  const column = sql.raw(target.column);
  const mine = sql`${communityVotes.userId} = ${userId} AND ${column} = delta.id
    AND ${communityVotes.voteType} = delta.previous`;
  return sql`
    WITH hit AS (
      INSERT INTO ${rateLimitHits} (key, window_start, hits)
      VALUES (${hit.key}, ${hit.windowStart}, ${counted}::integer)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = ${rateLimitHits.hits} + ${counted}::integer
      RETURNING hits
    ), item AS MATERIALIZED (
      ${target.visible(id, sql`(SELECT hits FROM hit) <= ${hit.max}::integer`)}
    ), existing AS MATERIALIZED (
      SELECT ${communityVotes.voteType} AS vote_type FROM ${communityVotes}
      WHERE ${communityVotes.userId} = ${userId} AND ${column} = ${id}
    ), delta AS MATERIALIZED (
      SELECT id, previous, next,
        (next IS NOT DISTINCT FROM 'upvote')::int - (previous IS NOT DISTINCT FROM 'upvote')::int AS up,
        (next IS NOT DISTINCT FROM 'downvote')::int - (previous IS NOT DISTINCT FROM 'downvote')::int AS down
      FROM (
        SELECT item.id, existing.vote_type AS previous,
          CASE WHEN existing.vote_type = ${requested}::text THEN NULL ELSE ${requested}::text END AS next
        FROM item LEFT JOIN existing ON true
      ) AS change
    ), added AS (
      INSERT INTO ${communityVotes} (user_id, ${column}, vote_type)
      SELECT ${userId}, id, next FROM delta WHERE previous IS NULL
      RETURNING 1
    ), removed AS (
      DELETE FROM ${communityVotes} USING delta WHERE ${mine} AND delta.next IS NULL
      RETURNING 1
    ), switched AS (
      UPDATE ${communityVotes} SET vote_type = delta.next FROM delta
      WHERE ${mine} AND delta.next IS NOT NULL
      RETURNING 1
    ), written AS (
      SELECT * FROM added UNION ALL SELECT * FROM removed UNION ALL SELECT * FROM switched
    ), counters AS (${target.count})
    SELECT (SELECT hits FROM hit) AS hits, EXISTS (SELECT 1 FROM item) AS found,
      counters.upvotes, counters.downvotes, (SELECT next FROM delta) AS my_vote
    FROM (SELECT 1) AS one LEFT JOIN counters ON true`;
}

/** How often a vote is sent again after another vote of the same voter moved its row first. */
const RACES_TOLERATED = 5;

/** D1, D5: one vote, its rate limit included, in one statement (sent again only after a race). */
async function vote(
  db: Database,
  target: VoteTarget,
  userId: string,
  id: string,
  hit: RateLimitHit,
  requested: VoteType,
): Promise<VoteResult> {
  let counted: 0 | 1 = 1;
  for (let attempt = 0; attempt <= RACES_TOLERATED; attempt++) {
    const statement = voteStatement(target, { userId, id, hit, requested, counted });
    let row: VoteRow | undefined;
    try {
      [row] = ((await db.execute(statement)) as unknown as { rows: VoteRow[] }).rows;
    } catch (error) {
      // Another vote of the voter inserted the row first: nothing of this one was kept.
      if (isUniqueViolation(error, target.uniqueKey)) continue;
      // The item was deleted after the statement began, which saw it still there.
      if (isForeignKeyViolation(error, target.itemKey)) throw notFound(target.notFound);
      throw error;
    }
    if (!row || Number(row.hits) > hit.max)
      throw tooManyRequests(hit, communityMessages.tooManyRequests);
    if (!row.found) throw notFound(target.notFound);
    if (row.upvotes !== null && row.downvotes !== null) {
      return {
        upvotes: Number(row.upvotes),
        downvotes: Number(row.downvotes),
        myVote: row.my_vote,
      };
    }
    // The hit is kept: the vote is sent again without counting it twice.
    counted = 0;
  }
  throw new Error(`a vote raced another of the same voter ${RACES_TOLERATED + 1} times`);
}

/** Votes on a visible post; the counters and the hot rank move with the vote row. */
export const voteOnPost = (
  db: Database,
  userId: string,
  postId: string,
  hit: RateLimitHit,
  requested: VoteType,
) => vote(db, posts, userId, postId, hit, requested);

/** Votes on a comment of a visible post: the same machine, the comment's own counters. */
export const voteOnComment = (
  db: Database,
  userId: string,
  commentId: string,
  hit: RateLimitHit,
  requested: VoteType,
) => vote(db, comments, userId, commentId, hit, requested);
