import { type CommentsPage, CommentsPageSchema } from '@btcp/shared';
import type { Database } from '#server/db/client.ts';
import { communityVotes } from '#server/db/schema.ts';
import { SharedBody } from '#server/lib/shared-pages.ts';
import { type CommentRow, type ThreadRows, toComment } from './comment-tree.ts';
import { type MarkablePage, readerCopies } from './reader-marks.ts';
import { votesOf } from './sql.ts';

/**
 * A page of threads as every reader sees it: a post's first page is kept for every visitor
 * (decision 013) until the community changes, and a signed-in reader's copy is made from it
 * (`personalCommentPage`).
 */
export type SharedCommentPage = MarkablePage<CommentsPage['items'][number]>;

export function sharedCommentPage({ rows, nextCursor }: ThreadRows): SharedCommentPage {
  const page = CommentsPageSchema.parse({
    items: rows.map((row) => toComment(row, null, null)),
    nextCursor,
  });
  return {
    page,
    authorIds: rows.map((row) => (row.deletedAt ? null : row.userId)),
    body: new SharedBody(JSON.stringify(page)),
    openItems: page.items.map(({ myVote: _vote, isMine: _mine, ...item }) =>
      JSON.stringify(item).slice(0, -1),
    ),
  };
}

/** Comments read for one reader only (a later page, staff): their votes and their own marked. */
export async function personalRows(
  db: Database,
  rows: CommentRow[],
  viewerId: string | null,
): Promise<ReturnType<typeof toComment>[]> {
  const votes = await votesOf(
    db,
    viewerId,
    communityVotes.commentId,
    rows.filter((row) => !row.deletedAt).map((row) => row.id),
  );
  return rows.map((row) => toComment(row, votes.get(row.id) ?? null, viewerId));
}

/**
 * The page for one signed-in reader: the kept page with their votes and their own comments
 * marked (reader-marks.ts); "[deleted]" comments are nobody's to vote on.
 */
export const personalCommentPage = readerCopies<CommentsPage['items'][number], SharedCommentPage>({
  voteColumn: communityVotes.commentId,
  votable: (item) => !item.deleted,
  keyOf: (marks) =>
    marks
      .flatMap(({ myVote, isMine }, index) =>
        myVote !== null || isMine
          ? [`${index}${myVote === null ? '' : myVote[0]}${isMine ? 'm' : ''}`]
          : [],
      )
      .join('.'),
});
