import { type CommentsPage, CommentsPageSchema } from '@btcp/shared';
import type { Database } from '#server/db/client.ts';
import { communityVotes } from '#server/db/schema.ts';
import { SharedBody } from '#server/lib/shared-pages.ts';
import { type CommentRow, type ThreadRows, toComment } from './comment-tree.ts';
import { type VoteType, votesOf } from './sql.ts';

/**
 * A page of threads as every reader sees it (no votes, nothing anyone's), its JSON built once: a
 * post's first page is kept for every visitor (decision 013) until the community changes, and a
 * signed-in reader's copy is made from it by adding their marks, without serializing it again.
 */
export interface SharedCommentPage {
  page: CommentsPage;
  /** Who wrote each item (null for "[deleted]"), for `isMine`; never sent. */
  authorIds: (string | null)[];
  body: SharedBody;
  /** Each item's JSON without its closing brace, where `myVote` and `isMine` are appended. */
  openItems: string[];
}

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
 * Each reader's votes on a kept page and the bodies readers with the same marks share, kept with
 * that page: any vote or comment drops the page in every process, and these with it.
 */
const votesOnPage = new WeakMap<SharedCommentPage, Map<string, Map<string, VoteType>>>();
const bodiesOnPage = new WeakMap<SharedCommentPage, Map<string, SharedBody>>();
const MAX_READERS_PER_PAGE = 10_000;
const MAX_VARIANTS_PER_PAGE = 1_000;

function keptIn<K, V>(store: WeakMap<SharedCommentPage, Map<K, V>>, page: SharedCommentPage) {
  let kept = store.get(page);
  if (!kept) {
    kept = new Map();
    store.set(page, kept);
  }
  return kept;
}

async function readerVotes(db: Database, shared: SharedCommentPage, viewerId: string) {
  const readers = keptIn(votesOnPage, shared);
  const known = readers.get(viewerId);
  if (known) return known;
  const ids = shared.page.items.filter((item) => !item.deleted).map((item) => item.id);
  const votes = await votesOf(db, viewerId, communityVotes.commentId, ids);
  if (readers.size >= MAX_READERS_PER_PAGE) readers.clear();
  readers.set(viewerId, votes);
  return votes;
}

/**
 * The page for one signed-in reader: the kept page with their votes and their own comments
 * marked. A reader who voted on none of them and wrote none gets the kept page itself.
 */
export async function personalCommentPage(
  db: Database,
  shared: SharedCommentPage,
  viewerId: string,
): Promise<SharedBody> {
  const votes = await readerVotes(db, shared, viewerId);
  const marked: string[] = [];
  const marks = shared.page.items.map((item, index) => {
    const myVote = votes.get(item.id) ?? null;
    const isMine = shared.authorIds[index] === viewerId;
    if (myVote !== null || isMine)
      marked.push(`${index}${myVote === null ? '' : myVote[0]}${isMine ? 'm' : ''}`);
    return { myVote, isMine };
  });
  if (marked.length === 0) return shared.body;
  const added = marked.join('.');
  const variants = keptIn(bodiesOnPage, shared);
  const known = variants.get(added);
  if (known) return known;
  const items = shared.openItems.map(
    (open, index) =>
      `${open},"myVote":${JSON.stringify(marks[index]?.myVote ?? null)},"isMine":${marks[index]?.isMine === true}}`,
  );
  const json = `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(shared.page.nextCursor)}}`;
  const body = new SharedBody(json);
  if (variants.size >= MAX_VARIANTS_PER_PAGE) variants.clear();
  variants.set(added, body);
  return body;
}
