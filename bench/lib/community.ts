import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The community-list scenario's data: 1,000 members, 10,000 posts over 30 days and 100,000 votes,
 * written set-wise straight into the bench database (counters and hot rank computed from the vote
 * rows, as the API keeps them). Returns a session token of a member who has voted, so the measured
 * list carries the caller's votes too.
 */
export const COMMUNITY_MEMBERS = 1_000;
export const COMMUNITY_POSTS = 10_000;
export const COMMUNITY_VOTES = 100_000;

/** A day-long session for member 0 of a `seedMembers` table; the token its cookie carries. */
export async function signInFirstMember(client: pg.Client, table: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO sessions (token_hash, kind, user_id, expires_at)
     SELECT $1, 'user', id, now() + interval '1 day' FROM ${table} WHERE n = 0`,
    [createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

/** Sets every post's or comment's vote counts from its rows in community_votes, as the app keeps them. */
export async function countVotes(client: pg.Client, item: 'post' | 'comment') {
  await client.query(
    `UPDATE community_${item}s AS item
     SET upvotes = tally.up, downvotes = tally.down
     FROM (SELECT ${item}_id AS id,
                  count(*) FILTER (WHERE vote_type = 'upvote')::int AS up,
                  count(*) FILTER (WHERE vote_type = 'downvote')::int AS down
           FROM community_votes WHERE ${item}_id IS NOT NULL GROUP BY ${item}_id) AS tally
     WHERE tally.id = item.id`,
  );
}

/**
 * `count` verified members, `<prefix>-N@bench.local` with the username `<prefix>_N`, and the temp
 * table `table` numbering their ids from 0 (for spreading posts and votes over them).
 */
export async function seedMembers(client: pg.Client, prefix: string, count: number, table: string) {
  const pattern = `${prefix}-%@bench.local`;
  await client.query(
    `INSERT INTO users (email, password_hash, email_verified_at)
     SELECT $2 || '-' || n || '@bench.local', 'bench-no-login', now()
     FROM generate_series(0, $1 - 1) AS n`,
    [count, prefix],
  );
  await client.query(
    `INSERT INTO profiles (id, username, referral_code)
     SELECT id, $2 || '_' || substr(email, length($2) + 2, strpos(email, '@') - length($2) - 2),
            upper(left($2, 1)) || translate(substr(md5(id::text), 1, 7), '0123456789abcdef', 'ABCDEFGHJKMNPQRS')
     FROM users WHERE email LIKE $1`,
    [pattern, prefix],
  );
  await client.query(
    `CREATE TEMP TABLE ${table} AS
     SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM users WHERE email LIKE '${pattern}'`,
  );
}

export async function seedCommunity(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await seedMembers(client, 'member', COMMUNITY_MEMBERS, 'bench_members');
    await client.query(
      `INSERT INTO community_posts (title, content, user_id, topic, created_at)
       SELECT 'Bench post ' || p, repeat('Words about mining and coins. ', 20), m.id,
              (ARRAY['bitcoin', 'mining', 'cryptocurrency', NULL])[1 + p % 4],
              now() - (p * interval '259 seconds')
       FROM generate_series(0, $1 - 1) AS p
       JOIN bench_members AS m ON m.n = p % $2`,
      [COMMUNITY_POSTS, COMMUNITY_MEMBERS],
    );
    await client.query(
      `CREATE TEMP TABLE bench_posts AS
       SELECT id, row_number() OVER (ORDER BY created_at DESC) - 1 AS n FROM community_posts`,
    );
    // Vote v is cast by member v % 1000 on post (100·(v / 1000) + 7·member) mod 10000: for one
    // member, the 100 values of v / 1000 give 100 different posts, so no pair repeats.
    await client.query(
      `INSERT INTO community_votes (user_id, post_id, vote_type)
       SELECT m.id, p.id, CASE WHEN (v / $2 + v) % 5 = 0 THEN 'downvote' ELSE 'upvote' END
       FROM generate_series(0, $1 - 1) AS v
       JOIN bench_members AS m ON m.n = v % $2
       JOIN bench_posts AS p ON p.n = (100 * (v / $2) + 7 * (v % $2)) % $3`,
      [COMMUNITY_VOTES, COMMUNITY_MEMBERS, COMMUNITY_POSTS],
    );
    await countVotes(client, 'post');
    // D15, the same formula as apps/server/src/modules/community/hot-rank.ts.
    await client.query(
      `UPDATE community_posts SET hot_rank =
         sign(upvotes - downvotes)::double precision
           * log(greatest(abs(upvotes - downvotes), 1)::double precision)
         + (extract(epoch from created_at)::double precision - 1134028003) / 45000`,
    );
    const token = await signInFirstMember(client, 'bench_members');
    await client.query('COMMIT');
    // Vacuumed as well as analyzed, so no autovacuum of the new rows runs during the measurements.
    await client.query('VACUUM (ANALYZE)');
    return token;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
