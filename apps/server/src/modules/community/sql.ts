import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { microsOf } from '#server/db/order.ts';
import { idArray, prepared } from '#server/db/prepared.ts';
import {
  type communityComments,
  communityPosts,
  communityVotes,
  profiles,
  users,
} from '#server/db/schema.ts';
import { memberTag } from '#server/lib/member-tag.ts';

export type VoteType = 'upvote' | 'downvote';

/** The viewer's own votes on a page of items: one indexed, prepared query; (user_id, item) is unique. */
export async function votesOf(
  db: Database,
  userId: string | null,
  column: typeof communityVotes.postId | typeof communityVotes.commentId,
  ids: string[],
): Promise<Map<string, VoteType>> {
  if (!userId || ids.length === 0) return new Map();
  const name = column === communityVotes.postId ? 'votes_on_posts' : 'votes_on_comments';
  const rows = await prepared(db, name, (db, name) =>
    db
      .select({ itemId: sql<string>`${column}`, voteType: communityVotes.voteType })
      .from(communityVotes)
      .where(
        and(
          eq(communityVotes.userId, sql.placeholder('userId')),
          sql`${column} = ANY(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(name),
  ).execute({ userId, ids: idArray(ids) });
  return new Map(rows.map((row) => [row.itemId, row.voteType]));
}

/**
 * The author columns of a post or comment, read through a left join on profiles; whether the
 * account was deleted is one primary-key probe of users (decision 055: "Deleted account").
 */
export const authorColumns = {
  authorId: profiles.id,
  authorUsername: profiles.username,
  authorBanned: profiles.isBanned,
  authorDeleted: sql<
    boolean | null
  >`(SELECT ${users.deletedAt} IS NOT NULL FROM ${users} WHERE ${users.id} = ${profiles.id})`,
};

/**
 * The columns a post and a comment are both read with: what `itemCommons` shows, the creation time
 * in exact microseconds for cursors, and the author (the query left-joins profiles on userId).
 */
export const itemColumns = (table: typeof communityPosts | typeof communityComments) => ({
  upvotes: table.upvotes,
  downvotes: table.downvotes,
  createdAt: table.createdAt,
  createdMicros: microsOf(table.createdAt),
  editedAt: table.editedAt,
  userId: table.userId,
  ...authorColumns,
});

/** The row a select builder's query yields. */
export type RowOf<Select extends (db: DatabaseOrTransaction) => { execute(): Promise<unknown[]> }> =
  Awaited<ReturnType<ReturnType<Select>['execute']>>[number];

interface AuthorRow {
  authorId: string | null;
  authorUsername: string | null;
  authorBanned: boolean | null;
  authorDeleted: boolean | null;
}

/** null when the author's account is deleted or gone (shown as "Deleted account"). */
export function toAuthor(row: AuthorRow) {
  return row.authorId === null || row.authorDeleted
    ? null
    : {
        id: row.authorId,
        username: row.authorUsername,
        memberTag: memberTag(row.authorId),
        isBanned: row.authorBanned ?? false,
      };
}

/**
 * What a post and a comment show alike: their counters, date and author, and the reader's own
 * vote and authorship.
 */
export function itemCommons(
  row: AuthorRow & {
    upvotes: number;
    downvotes: number;
    createdAt: Date;
    editedAt: Date | null;
    userId: string | null;
  },
  myVote: VoteType | null,
  viewerId: string | null,
) {
  return {
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    createdAt: row.createdAt.toISOString(),
    author: toAuthor(row),
    myVote,
    isMine: viewerId !== null && row.userId === viewerId,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** A post or comment as the API shows it, from its row: its own fields, then `itemCommons`. */
export const asItem =
  <Row extends Parameters<typeof itemCommons>[0], Own extends object>(own: (row: Row) => Own) =>
  (row: Row, myVote: VoteType | null, viewerId: string | null) => ({
    ...own(row),
    ...itemCommons(row, myVote, viewerId),
  });

/** D17: what the public sees; the partial indexes of the three sorts use this very predicate. */
export const visibleToPublic = ne(communityPosts.status, 'removed');
