import { and, eq, type SQL, sql } from 'drizzle-orm';
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

/**
 * Where the window of newest posts begins: the `created_at` of the `windowPosts`-th newest visible
 * post, or null (no window) when there are fewer. Found by reading the New list's index, and kept
 * per process for a few minutes: any cutoff gives the same candidates (see `newestMatching`), so a
 * stale one only makes the window a little wider than asked.
 */
const CUTOFF_KEPT_MS = 5 * 60_000;
const cutoffs = new WeakMap<Database, Map<number, { at: number; cutoff: Promise<Date | null> }>>();

function windowCutoff(db: Database, windowPosts: number, now: number): Promise<Date | null> {
  const kept = cutoffs.get(db) ?? new Map();
  cutoffs.set(db, kept);
  const entry = kept.get(windowPosts);
  if (entry && now - entry.at < CUTOFF_KEPT_MS) return entry.cutoff;
  const cutoff = db
    .select({ createdAt: communityPosts.createdAt })
    .from(communityPosts)
    .where(visibleToPublic)
    .orderBy(newestFirst(communityPosts.createdAt), newestFirst(communityPosts.id))
    .offset(windowPosts - 1)
    .limit(1)
    .then(([row]) => row?.createdAt ?? null);
  // A failed read is not kept: the next search asks again.
  cutoff.catch(() => kept.delete(windowPosts));
  kept.set(windowPosts, { at: now, cutoff });
  return cutoff;
}

/**
 * The newest visible posts for which `match` holds, at most `SEARCH_CANDIDATES`, as a statement
 * giving their ids. With a cutoff, they are looked for among the posts since it first: a
 * `BitmapAnd` of the word index and the New index reads only those, where reading every match
 * of a common word over a million posts cost a hundred milliseconds. Only when the window holds
 * fewer than enough are the older posts read, for as many as are missing; every post since the
 * cutoff comes before every older one, so the answer is the same as without a window.
 */
function newestMatching(match: SQL, cutoff: Date | null): SQL {
  const { createdAt, id } = communityPosts;
  const newest = (since: SQL | undefined, limit: SQL) =>
    sql`SELECT ${id} AS id FROM ${communityPosts} WHERE ${and(match, visibleToPublic, since)}
        ORDER BY ${newestFirst(createdAt)}, ${newestFirst(id)} LIMIT ${limit}`;
  if (!cutoff) return newest(undefined, sql`${SEARCH_CANDIDATES}`);
  // LIMIT 0 ends the older arm before it reads a row. The outer LIMIT changes no answer (the two
  // arms give at most that many) but tells the planner so: guessing thousands of candidates from
  // the older arm's computed limit, it read every post to join them by hash.
  return sql`WITH recent AS (${newest(sql`${createdAt} >= ${cutoff}`, sql`${SEARCH_CANDIDATES}`)})
    SELECT id FROM (SELECT id FROM recent UNION ALL (${newest(
      sql`${createdAt} < ${cutoff}`,
      sql`(${SEARCH_CANDIDATES} - (SELECT count(*) FROM recent))`,
    )})) AS side LIMIT ${SEARCH_CANDIDATES}`;
}

export interface SearchOptions {
  /** SEARCH_WINDOW_POSTS: how many of the newest posts a search looks in first; 0 for none. */
  windowPosts: number;
  /** The app clock's now, in milliseconds, for keeping the window's cutoff. */
  now: number;
}

/**
 * One page of a search over the posts the public sees (D17: never a removed one; a deleted one
 * is gone), best match first, then newest: the same items the lists show, in keyset pages. The
 * statement is planned for each search's own words (not prepared once): whether reading the New
 * list or the word index is cheaper depends on how common the words are.
 */
export async function searchPosts(
  db: Database,
  query: SearchQuery,
  options: SearchOptions,
): Promise<PublicPostPage> {
  const at = query.cursor ? decodeCursor('search', query.cursor) : null;
  const { createdAt, id, searchVector, title } = communityPosts;
  const words = searchQuery(query.q);
  const cutoff =
    options.windowPosts > 0 ? await windowCutoff(db, options.windowPosts, options.now) : null;
  const candidates = sql`(${newestMatching(sql`to_tsvector('english', ${title}) @@ ${words}`, cutoff)})
    UNION (${newestMatching(sql`${searchVector} @@ ${words}`, cutoff)})`;
  const scored = db
    .select({ id, createdAt, rank: scoreOf(words).as('rank') })
    .from(communityPosts)
    .where(sql`${id} IN (${candidates})`)
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
