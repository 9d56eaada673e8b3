import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { countVotes, seedMembers, signInFirstMember } from './community.ts';
import type { ScratchDatabase } from './processes.ts';

/**
 * The thread scenario's data: one post with 2,000 comments by 200 members in a realistic tree,
 * 300 top-level comments and replies down to 10 levels, most of them near the top (a reply picks
 * a recent comment more often than an old one), and 4,000 votes on the comments, some cast by the
 * member whose session is returned, so a signed-in page carries that member's votes.
 */
export const THREAD_COMMENTS = 2_000;
export const THREAD_TOP_LEVEL = 300;
/** The deepest level seeded (0 at the top): ten levels, two more than a page shows. */
const DEEPEST = 9;
const THREAD_MEMBERS = 200;
const THREAD_VOTES = 4_000;

/** A fixed pseudo-random sequence, so every run seeds the same tree. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface SeedComment {
  id: string;
  parent: number | null;
  root: number | null;
  depth: number;
  author: number;
}

function tree(): SeedComment[] {
  const next = sequence(20_261_126);
  const comments: SeedComment[] = [];
  for (let i = 0; i < THREAD_COMMENTS; i++) {
    const author = Math.floor(next() * THREAD_MEMBERS);
    if (i < THREAD_TOP_LEVEL) {
      comments.push({ id: randomUUID(), parent: null, root: null, depth: 0, author });
      continue;
    }
    // Leaning towards recent comments makes chains; an old one now and then, wide threads.
    let parent = i - 1 - Math.floor(i * next() ** 3);
    while ((comments[parent]?.depth ?? 0) >= DEEPEST) parent -= 1;
    const above = comments[parent] as SeedComment;
    comments.push({
      id: randomUUID(),
      parent,
      root: above.root ?? parent,
      depth: above.depth + 1,
      author,
    });
  }
  return comments;
}

/** Seeds the post and its comments; returns the post's id and a voting member's session token. */
export async function seedThread(databaseUrl: string): Promise<{ postId: string; token: string }> {
  const comments = tree();
  const replies = new Map<number, number>();
  for (const comment of comments) {
    if (comment.parent !== null)
      replies.set(comment.parent, (replies.get(comment.parent) ?? 0) + 1);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await seedMembers(client, 'threader', THREAD_MEMBERS, 'bench_threaders');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO community_posts (title, content, user_id, comment_count, created_at)
       SELECT 'A long discussion', 'Where do you mine, and when?', id, $1, now() - interval '2 days'
       FROM bench_threaders WHERE n = 0 RETURNING id`,
      [THREAD_COMMENTS],
    );
    const postId = rows[0]?.id ?? '';
    const ids = comments.map((c) => c.id);
    const at = (index: number | null) => (index === null ? null : ids[index]);
    await client.query(
      `INSERT INTO community_comments
         (id, post_id, parent_id, root_id, depth, reply_count, user_id, content, created_at)
       SELECT c.id, $1, c.parent_id, c.root_id, c.depth, c.reply_count, m.id,
              'Comment ' || c.n || ': ' || repeat('thoughts on mining at night '::text, (1 + c.n % 6)::int),
              now() - interval '2 days' + c.n * interval '47 seconds'
       FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::int[], $7::int[])
         WITH ORDINALITY AS c(id, parent_id, root_id, depth, reply_count, author, n)
       JOIN bench_threaders AS m ON m.n = c.author`,
      [
        postId,
        ids,
        comments.map((c) => at(c.parent)),
        comments.map((c) => at(c.root)),
        comments.map((c) => c.depth),
        comments.map((_, i) => replies.get(i) ?? 0),
        comments.map((c) => c.author),
      ],
    );
    // Vote v: member v % 200 on a comment spread over the thread (a repeated pair counts once);
    // then the signed-in member's own: every seventh comment, some of every page.
    await client.query(
      `INSERT INTO community_votes (user_id, comment_id, vote_type)
       SELECT DISTINCT ON (m.id, c.id) m.id, c.id,
              CASE WHEN v % 4 = 0 THEN 'downvote' ELSE 'upvote' END
       FROM generate_series(0, $1 - 1) AS v
       JOIN bench_threaders AS m ON m.n = v % $2
       JOIN unnest($3::uuid[]) WITH ORDINALITY AS c(id, n) ON c.n - 1 = (v * 7919 + v / $4) % $4`,
      [THREAD_VOTES, THREAD_MEMBERS, ids, THREAD_COMMENTS],
    );
    await client.query(
      `INSERT INTO community_votes (user_id, comment_id, vote_type)
       SELECT m.id, c.id, 'upvote'
       FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n)
       JOIN bench_threaders AS m ON m.n = 0
       WHERE c.n % 7 = 0
       ON CONFLICT DO NOTHING`,
      [ids],
    );
    await countVotes(client, 'comment');
    const token = await signInFirstMember(client, 'bench_threaders');
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE)');
    return { postId, token };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/** What the thread scenario borrows from the bench's runner. */
export interface ThreadScenarioDeps {
  scratchDatabase: ScratchDatabase;
  startBareServer: () => Promise<{ url: string; child: import('node:child_process').ChildProcess }>;
  startAppServer: (
    env: Record<string, string>,
  ) => Promise<{ url: string; child: import('node:child_process').ChildProcess }>;
  stop: (child: import('node:child_process').ChildProcess) => Promise<void>;
  measure: typeof import('./http-load.ts').measure;
  printLoadTable: (results: import('./http-load.ts').LoadResult[], ceiling?: number) => void;
  durationSeconds: number;
  connections: number;
}

/** The first page of a 2,000-comment thread answers within this at the 99th percentile. */
const THREAD_P99_TARGET_MS = 25;
/** ... at no less than this share of the bare route's requests per second. */
const THREAD_SHARE_TARGET = 0.25;

/**
 * The first page of threads of one post with 2,000 comments (the page's 20 top-level comments with
 * their replies), as a visitor and signed in, New and Top, against the bare route of the same run.
 */
export async function threadScenario(deps: ThreadScenarioDeps) {
  const database = await deps.scratchDatabase('Comment threads');
  if (!database) return;
  const bare = await deps.startBareServer();
  const app = await deps.startAppServer({ DATABASE_URL: database.url });
  try {
    const { postId, token } = await seedThread(database.url);
    const url = (sort: string) => `${app.url}/api/community/posts/${postId}/comments?sort=${sort}`;
    const signedIn = { cookie: `__Host-btcp_session=${token}` };
    const first = (await (await fetch(url('new'), { headers: signedIn })).json()) as {
      items: { depth: number; myVote: string | null; isMine: boolean }[];
    };
    console.log(
      `\nComment threads on PostgreSQL, ${deps.connections} connections, ${deps.durationSeconds} s each: one post with ${THREAD_COMMENTS.toLocaleString('en-US')} comments (${THREAD_TOP_LEVEL} top-level, 10 levels deep); the first page holds ${first.items.filter((c) => c.depth === 0).length} threads, ${first.items.length} comments, ${first.items.filter((c) => c.myVote || c.isMine).length} of them voted on or written by the signed-in member:`,
    );
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const load = {
      durationSeconds: deps.durationSeconds,
      connections: deps.connections,
      headers: browser,
    };
    const signedInLoad = { ...load, headers: { ...browser, ...signedIn } };
    // Untimed: the server's first requests compile its code paths and fill the kept pages.
    for (const sort of ['new', 'top']) {
      await deps.measure('warm-up', url(sort), { ...load, durationSeconds: 1 });
      await deps.measure('warm-up', url(sort), { ...signedInLoad, durationSeconds: 1 });
    }
    const results = [
      await deps.measure('bare Fastify route (ceiling), first', `${bare.url}/bare`, load),
      await deps.measure('thread first page, New, visitor', url('new'), load),
      await deps.measure('thread first page, New, signed in', url('new'), signedInLoad),
      await deps.measure('thread first page, Top, visitor', url('top'), load),
      await deps.measure('thread first page, Top, signed in', url('top'), signedInLoad),
      await deps.measure('bare Fastify route (ceiling), last', `${bare.url}/bare`, load),
    ];
    const ceiling = Math.max(
      results[0]?.requestsPerSecond ?? 0,
      results.at(-1)?.requestsPerSecond ?? 0,
    );
    deps.printLoadTable(results, ceiling);
    for (const row of results.slice(1, -1)) {
      const share = row.requestsPerSecond / Math.max(ceiling, 1);
      const ok = row.p99Ms <= THREAD_P99_TARGET_MS && share >= THREAD_SHARE_TARGET;
      console.log(
        `${row.name}: p99 ${row.p99Ms} ms, ${(share * 100).toFixed(1)} % of the bare route: ${ok ? 'within' : 'OUTSIDE'} the target (p99 ≤ ${THREAD_P99_TARGET_MS} ms, ≥ ${THREAD_SHARE_TARGET * 100} %).`,
      );
    }
  } finally {
    await deps.stop(app.child);
    await deps.stop(bare.child);
    await database.drop();
  }
}
