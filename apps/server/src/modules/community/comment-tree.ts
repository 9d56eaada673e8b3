import { COMMENT_LEVELS_SHOWN, type CommentSort } from '@btcp/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { newestFirst, timestampAt } from '#server/db/order.ts';
import { prepared } from '#server/db/prepared.ts';
import { communityComments, communityPosts, profiles } from '#server/db/schema.ts';
import { decodeCursor, encodeCursor, topCursorAfter, topCursorValues } from './cursor.ts';
import { asItem, itemColumns, type RowOf } from './sql.ts';

/**
 * Reading a post's comments as trees (decision 024): a page is a page of top-level comments with
 * their replies down to the last level shown, read in one statement through `root_id` and `depth`,
 * then put in reading order here.
 */

const commentSelection = {
  id: communityComments.id,
  postId: communityComments.postId,
  parentId: communityComments.parentId,
  depth: communityComments.depth,
  replyCount: communityComments.replyCount,
  content: communityComments.content,
  deletedAt: communityComments.deletedAt,
  status: communityComments.status,
  // "OP" in the thread (decision 055): one primary-key probe of the post, the same for every reader.
  byPostAuthor: sql<boolean>`coalesce(${communityComments.userId} = (SELECT ${communityPosts.userId} FROM ${communityPosts} WHERE ${communityPosts.id} = ${communityComments.postId}), false)`,
  ...itemColumns(communityComments),
};

export const selectComments = (db: DatabaseOrTransaction) =>
  db
    .select(commentSelection)
    .from(communityComments)
    .leftJoin(profiles, eq(profiles.id, communityComments.userId));

export type CommentRow = RowOf<typeof selectComments>;

const asComment = asItem((row: CommentRow) => ({
  id: row.id,
  postId: row.postId,
  parentId: row.parentId,
  depth: row.depth,
  replyCount: row.replyCount,
  content: row.deletedAt ? '' : row.content,
  deleted: row.deletedAt !== null,
  status: row.status,
  byPostAuthor: row.byPostAuthor,
}));

/**
 * A "[deleted]" placeholder keeps its place and counters but names nobody and is nobody's. A
 * comment staff removed reads "[removed]": its words and author are hidden from everyone, staff
 * included (a page of comments is the same for all readers); staff still act on it from the post
 * page and read it in the Reports tab.
 */
export function toComment(
  row: CommentRow,
  myVote: 'upvote' | 'downvote' | null,
  viewer: string | null,
) {
  const comment = asComment(row, myVote, viewer);
  const nameless = { author: null, byPostAuthor: false };
  if (row.deletedAt) return { ...comment, ...nameless, myVote: null, isMine: false };
  if (row.status === 'removed') return { ...comment, ...nameless, content: '' };
  // A deleted account is named by nobody, not even as its post's author.
  return comment.author ? comment : { ...comment, ...nameless };
}

/** The deepest level a page shows (0 at the top). */
export const LAST_DEPTH = COMMENT_LEVELS_SHOWN - 1;

const score = sql`(${communityComments.upvotes} - ${communityComments.downvotes})`;
const oldestFirst = (column: AnyColumn) => sql`${column} ASC NULLS FIRST`;

/**
 * Where the page of top-level comments after a cursor starts, and their order, per sort. New and
 * Top read the partial indexes on top-level comments forwards, Old reads the New one backwards.
 */
function keyset(sort: CommentSort, afterCursor: boolean): { after: SQL; orderBy: SQL[] } {
  const { createdAt, id } = communityComments;
  const at = (name: string) => sql.placeholder(name);
  const cursorAt = sql`${timestampAt(at('micros'))}, ${at('id')}::uuid`;
  if (sort === 'top') {
    return {
      after: afterCursor
        ? sql`AND (${score}, ${createdAt}, ${id}) < (${at('score')}::integer, ${cursorAt})`
        : sql``,
      orderBy: [newestFirst(score), newestFirst(createdAt), newestFirst(id)],
    };
  }
  if (sort === 'old') {
    return {
      after: afterCursor ? sql`AND (${createdAt}, ${id}) > (${cursorAt})` : sql``,
      orderBy: [oldestFirst(createdAt), oldestFirst(id)],
    };
  }
  return {
    after: afterCursor ? sql`AND (${createdAt}, ${id}) < (${cursorAt})` : sql``,
    orderBy: [newestFirst(createdAt), newestFirst(id)],
  };
}

/**
 * One page of threads in one prepared statement per sort and cursor presence: the page's
 * top-level ids (one past the page, to tell whether another follows) in the sort's order, then
 * every comment hanging from the page's own ones, down to the last level shown.
 */
function pageStatement(db: Database, sort: CommentSort, afterCursor: boolean) {
  const name = `community_threads_${sort}${afterCursor ? '_after' : ''}`;
  return prepared(db, name, (db, name) => {
    const { after, orderBy } = keyset(sort, afterCursor);
    const order = sql.join(orderBy, sql`, `);
    return selectComments(db)
      .where(
        sql`${communityComments.id} IN (
          WITH top AS MATERIALIZED (
            SELECT ${communityComments.id} AS id, row_number() OVER (ORDER BY ${order}) AS n
            FROM ${communityComments}
            WHERE ${communityComments.postId} = ${sql.placeholder('postId')}
              AND ${communityComments.parentId} IS NULL ${after}
            ORDER BY ${order}
            LIMIT ${sql.placeholder('limitPlusOne')}
          )
          SELECT id FROM top
          UNION ALL
          SELECT c.id FROM ${communityComments} AS c
          WHERE c.root_id IN (SELECT id FROM top WHERE n <= ${sql.placeholder('limit')})
            AND c.depth <= ${LAST_DEPTH}
        )`,
      )
      .prepare(name);
  });
}

function cursorValues(sort: CommentSort, cursor: string | undefined) {
  if (!cursor) return {};
  if (sort === 'top') return topCursorValues(cursor);
  const at = decodeCursor('comments', cursor);
  return { micros: at.c, id: at.id };
}

function cursorAfter(sort: CommentSort, row: CommentRow): string {
  if (sort === 'top') return topCursorAfter(row);
  return encodeCursor('comments', { c: row.createdMicros, id: row.id });
}

/** Siblings' order, the same as the top level's: the id breaks ties as in SQL (uuid order). */
const byId = (a: CommentRow, b: CommentRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byAge = (a: CommentRow, b: CommentRow) => a.createdMicros - b.createdMicros || byId(a, b);
const siblingOrder: Record<CommentSort, (a: CommentRow, b: CommentRow) => number> = {
  new: (a, b) => byAge(b, a),
  old: byAge,
  top: (a, b) => b.upvotes - b.downvotes - (a.upvotes - a.downvotes) || byAge(b, a),
};

/**
 * The rows in reading order: each of `roots` (in the sort's order), then its replies depth first,
 * siblings in the sort's order. Rows whose parent is not among `rows` are left out.
 */
export function inReadingOrder(
  rows: CommentRow[],
  roots: CommentRow[],
  sort: CommentSort,
): CommentRow[] {
  const children = new Map<string, CommentRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  const compare = siblingOrder[sort];
  for (const siblings of children.values()) siblings.sort(compare);
  const ordered: CommentRow[] = [];
  const stack = [...roots].sort(compare).reverse();
  while (stack.length > 0) {
    const row = stack.pop() as CommentRow;
    ordered.push(row);
    const below = children.get(row.id);
    if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i] as CommentRow);
  }
  return ordered;
}

export interface ThreadRows {
  rows: CommentRow[];
  nextCursor: string | null;
}

/** A page of a post's threads, in reading order; the caller checked the post is readable. */
export async function readThreads(
  db: Database,
  postId: string,
  query: { sort: CommentSort; cursor?: string; limit: number },
): Promise<ThreadRows> {
  const { sort, cursor, limit } = query;
  const rows = await pageStatement(db, sort, Boolean(cursor)).execute({
    ...cursorValues(sort, cursor),
    postId,
    limit,
    limitPlusOne: limit + 1,
  });
  const roots = rows.filter((row) => row.parentId === null).sort(siblingOrder[sort]);
  const page = roots.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: inReadingOrder(rows, page, sort),
    nextCursor: roots.length > limit && last ? cursorAfter(sort, last) : null,
  };
}

/**
 * One comment and its replies down to as many levels below it as a page shows, in reading order
 * (one recursive statement over the parent index); empty when there is no such comment.
 */
export async function readSubThread(
  db: Database,
  commentId: string,
  sort: CommentSort,
): Promise<CommentRow[]> {
  const statement = prepared(db, 'community_sub_thread', (db, name) =>
    selectComments(db)
      .where(
        sql`${communityComments.id} IN (
          WITH RECURSIVE sub (id, level) AS (
            SELECT ${sql.placeholder('id')}::uuid, 0
            UNION ALL
            SELECT c.id, sub.level + 1 FROM ${communityComments} AS c
            JOIN sub ON c.parent_id = sub.id
            WHERE sub.level < ${LAST_DEPTH}
          )
          SELECT id FROM sub
        )`,
      )
      .prepare(name),
  );
  const rows = await statement.execute({ id: commentId });
  const top = rows.find((row) => row.id === commentId);
  return top ? inReadingOrder(rows, [top], sort) : [];
}
