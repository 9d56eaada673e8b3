import type { Database } from '#server/db/client.ts';
import type { communityVotes } from '#server/db/schema.ts';
import { SharedBody } from '#server/lib/shared-pages.ts';
import { type VoteType, votesOf } from './sql.ts';

/**
 * A page kept for every reader (no votes, nothing anyone's) with its JSON built once (decision
 * 013): a signed-in reader's copy is made from it by adding their marks, without serializing the
 * items again.
 */
export interface MarkablePage<Item extends { id: string }> {
  page: { items: Item[]; nextCursor: string | null };
  /** Who wrote each item (null when nobody's), for `isMine`; never sent. */
  authorIds: (string | null)[];
  body: SharedBody;
  /** Each item's JSON without its closing brace, where `myVote` and `isMine` are appended. */
  openItems: string[];
}

export interface ReaderMark {
  myVote: VoteType | null;
  isMine: boolean;
}

/** Readers remembered per page; past it the first remembered is forgotten. */
const MAX_READERS_PER_PAGE = 10_000;
/** Bodies of different marks kept per page; past it they are all dropped. */
const MAX_VARIANTS_PER_PAGE = 1_000;

function keptIn<P extends object, V>(store: WeakMap<P, Map<string, V>>, page: P): Map<string, V> {
  let kept = store.get(page);
  if (!kept) {
    kept = new Map();
    store.set(page, kept);
  }
  return kept;
}

interface MarkerOptions<Item> {
  /** What the page's items are, as the votes table names them. */
  voteColumn: typeof communityVotes.postId | typeof communityVotes.commentId;
  /** Items nobody can have voted on ("[deleted]" comments) are not asked about. */
  votable?: (item: Item) => boolean;
  /** The key readers with the same marks share a body by. */
  keyOf: (marks: ReaderMark[]) => string;
  /** The body's ETag, when it is made from the shared page's; otherwise its own. */
  etagOf?: (shared: SharedBody, key: string) => string;
}

/**
 * Makes a reader's copy of a kept page: their votes (one indexed query, once per page version)
 * and their own items marked. A reader with no marks gets the kept page itself; readers with the
 * same marks share one body, built and compressed once per page version. Both are kept with the
 * page, so any vote or comment that drops the page in every process drops them too.
 */
export function readerCopies<Item extends { id: string }, P extends MarkablePage<Item>>(
  options: MarkerOptions<Item>,
) {
  const votesOnPage = new WeakMap<P, Map<string, Map<string, VoteType>>>();
  const bodiesOnPage = new WeakMap<P, Map<string, SharedBody>>();

  async function readerVotes(db: Database, shared: P, viewerId: string) {
    const readers = keptIn(votesOnPage, shared);
    const known = readers.get(viewerId);
    if (known) return known;
    const items = options.votable ? shared.page.items.filter(options.votable) : shared.page.items;
    const ids = items.map((item) => item.id);
    const votes = await votesOf(db, viewerId, options.voteColumn, ids);
    if (readers.size >= MAX_READERS_PER_PAGE) {
      const first = readers.keys().next().value;
      if (first !== undefined) readers.delete(first);
    }
    readers.set(viewerId, votes);
    return votes;
  }

  return async function readerCopy(db: Database, shared: P, viewerId: string) {
    const votes = await readerVotes(db, shared, viewerId);
    const marks = shared.page.items.map((item, index) => ({
      myVote: votes.get(item.id) ?? null,
      isMine: shared.authorIds[index] === viewerId,
    }));
    if (marks.every((mark) => mark.myVote === null && !mark.isMine)) return shared.body;
    const key = options.keyOf(marks);
    const variants = keptIn(bodiesOnPage, shared);
    const known = variants.get(key);
    if (known) return known;
    const items = shared.openItems.map(
      (open, index) =>
        `${open},"myVote":${JSON.stringify(marks[index]?.myVote ?? null)},"isMine":${marks[index]?.isMine === true}}`,
    );
    const json = `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(shared.page.nextCursor)}}`;
    const body = new SharedBody(json, options.etagOf?.(shared.body, key));
    if (variants.size >= MAX_VARIANTS_PER_PAGE) variants.clear();
    variants.set(key, body);
    return body;
  };
}
