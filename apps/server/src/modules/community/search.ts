import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst, timestampAt } from '#server/db/order.ts';
import { prepared } from '#server/db/prepared.ts';
import { communityPosts } from '#server/db/schema.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type PublicPostPage, publicPageOf, selectPostsWith } from './posts.ts';
import { visibleToPublic } from './sql.ts';

export interface SearchQuery {
  /** Trimmed, 1 to 200 characters (the route's schema). */
  q: string;
  cursor?: string;
  limit: number;
}

/**
 * The reader's words as a text search query, read as a search engine reads them (words, "a
 * phrase", or, -without; never a syntax error), in English as the posts' search column is. A
 * function in FROM runs once per search, where the same call inside the rank would run per row.
 */
const searchQuery = sql`websearch_to_tsquery('english', ${sql.placeholder('q')}) AS search_query`;

/**
 * Cover density rank: a word in the title (weight A, 1.0) counts for more than one in the content
 * (B, 0.4). Compared and sent as `double precision`, which holds the `real` exactly, so a cursor
 * names the very value the next page compares with.
 */
const rank =
  sql<number>`ts_rank_cd(${communityPosts.searchVector}, search_query)::double precision`.mapWith(
    Number,
  );

/**
 * The search, with or without a cursor: two prepared statements. Every match is ranked, so the
 * best ones are chosen first by id and rank alone, and only they are read with their authors and
 * images, rather than joining and carrying every match's row to the sort.
 */
function searchStatement(db: Database, afterCursor: boolean) {
  const name = afterCursor ? 'community_search_after' : 'community_search';
  return prepared(db, name, (db, name) => {
    const { createdAt, id, searchVector } = communityPosts;
    const at = (name: string) => sql.placeholder(name);
    const after = afterCursor
      ? sql`(${rank}, ${createdAt}, ${id}) < (${at('rank')}::double precision, ${timestampAt(at('micros'))}, ${at('id')}::uuid)`
      : undefined;
    const best = db
      .select({ id, rank: rank.as('rank') })
      .from(communityPosts)
      .crossJoin(searchQuery)
      .where(and(sql`${searchVector} @@ search_query`, visibleToPublic, after))
      .orderBy(newestFirst(rank), newestFirst(createdAt), newestFirst(id))
      .limit(sql.placeholder('limit'))
      .as('best');
    return selectPostsWith(db, { rank: best.rank })
      .innerJoin(best, eq(best.id, id))
      .orderBy(newestFirst(sql`${best.rank}`), newestFirst(createdAt), newestFirst(id))
      .prepare(name);
  });
}

/**
 * One page of a search over the posts the public sees (D17: never a removed one; a deleted one
 * is gone), best match first, then newest: the same items the lists show, in keyset pages.
 */
export async function searchPosts(db: Database, query: SearchQuery): Promise<PublicPostPage> {
  const at = query.cursor ? decodeCursor('search', query.cursor) : null;
  const rows = await searchStatement(db, at !== null).execute({
    q: query.q,
    ...(at && { rank: at.k, micros: at.c, id: at.id }),
    limit: query.limit + 1,
  });
  return publicPageOf(rows, query.limit, (last) =>
    encodeCursor('search', { k: last.rank, c: last.createdMicros, id: last.id }),
  );
}

/**
 * What makes two searches the same, for keeping their first pages: runs of spaces change nothing
 * in what a text search query matches. (Case is left alone: which letters PostgreSQL folds depends
 * on the database's locale.)
 */
export const searchKey = (query: SearchQuery) => `${query.limit}:${query.q.replace(/\s+/g, ' ')}`;
