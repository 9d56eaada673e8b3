import { and, eq, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { newestFirst, timestampAt } from '#server/db/order.ts';
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
 * How many matches a search ranks at most (decision 058): the newest this many of the posts it
 * matches anywhere, and the newest this many of those it matches in the title. Ranking every match
 * read all of them (a common word matches four posts in ten); the newest few are found by reading
 * the New list's index until enough match, or through the word index when the words are rare, as
 * PostgreSQL judges from its statistics for each search. A search for a rare word still finds
 * every post it matches, however old; a common word's best results are among its newest matches.
 */
export const SEARCH_CANDIDATES = 300;

/**
 * The reader's words as a text search query, read as a search engine reads them (words, "a
 * phrase", or, -without; never a syntax error), in English as the posts' search column is.
 */
const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/**
 * A post's score for a search: 1 when its title matches the whole query (the title's words are the
 * search column's weight A), so a title match always ranks above a content-only match; plus its
 * cover density rank scaled into [0, 1) (`ts_rank_cd`'s normalization 32: rank / (rank + 1)),
 * where a word in the title (1.0) still counts for more than one in the content (0.4). Compared
 * and sent as `double precision`, so a cursor names the very value the next page compares with.
 */
const scoreOf = (query: SQL) =>
  sql<number>`((ts_filter(${communityPosts.searchVector}, '{a}') @@ ${query})::int + ts_rank_cd(${communityPosts.searchVector}, ${query}, 32))::double precision`.mapWith(
    Number,
  );

/** The newest visible posts for which `match` holds, at most `SEARCH_CANDIDATES`. */
const newestMatching = (db: Database, match: SQL) =>
  db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(and(match, visibleToPublic))
    .orderBy(newestFirst(communityPosts.createdAt), newestFirst(communityPosts.id))
    .limit(SEARCH_CANDIDATES);

/**
 * One page of a search over the posts the public sees (D17: never a removed one; a deleted one
 * is gone), best match first, then newest: the same items the lists show, in keyset pages. The
 * statement is planned for each search's own words (not prepared once): whether reading the New
 * list or the word index is cheaper depends on how common the words are.
 */
export async function searchPosts(db: Database, query: SearchQuery): Promise<PublicPostPage> {
  const at = query.cursor ? decodeCursor('search', query.cursor) : null;
  const { createdAt, id, searchVector, title } = communityPosts;
  const words = searchQuery(query.q);
  const candidates = union(
    newestMatching(db, sql`to_tsvector('english', ${title}) @@ ${words}`),
    newestMatching(db, sql`${searchVector} @@ ${words}`),
  ).as('candidates');
  const scored = db
    .select({ id, createdAt, rank: scoreOf(words).as('rank') })
    .from(communityPosts)
    .innerJoin(candidates, eq(candidates.id, id))
    .as('scored');
  const best = db
    .select({ id: scored.id, rank: scored.rank })
    .from(scored)
    .where(
      at
        ? sql`(${scored.rank}, ${scored.createdAt}, ${scored.id}) < (${at.k}::double precision, ${timestampAt(at.c)}, ${at.id}::uuid)`
        : undefined,
    )
    .orderBy(
      newestFirst(sql`${scored.rank}`),
      newestFirst(scored.createdAt),
      newestFirst(scored.id),
    )
    .limit(query.limit + 1)
    .as('best');
  const rows = await selectPostsWith(db, { rank: best.rank })
    .innerJoin(best, eq(best.id, id))
    .orderBy(newestFirst(sql`${best.rank}`), newestFirst(createdAt), newestFirst(id));
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
