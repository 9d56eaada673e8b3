import pg from 'pg';

/** The leaderboard scenario's members, every one of them opted in (D28). */
export const LEADERBOARD_MEMBERS = 100_000;
/** Days of mining each member has, ending today: this week's and earlier weeks' days. */
const DAYS = 14;

/**
 * 100,000 members who chose to appear, each with a username and 14 days of paid mining (between
 * 1 and 4 hours a day, varied so the ranks differ), written set-wise straight into the bench
 * database, as the crediting job would have left `mining_days` and `mining_streaks`.
 */
export async function seedLeaderboard(databaseUrl: string, members = LEADERBOARD_MEMBERS) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Not seedMembers: its referral codes, drawn from a hash, collide among 100,000 members.
    await client.query(
      `INSERT INTO users (email, password_hash, email_verified_at)
       SELECT 'leader-' || n || '@bench.local', 'bench-no-login', now()
       FROM generate_series(0, $1 - 1) AS n`,
      [members],
    );
    await client.query(
      `CREATE TEMP TABLE bench_leaders AS
       SELECT u.id, n FROM generate_series(0, $1 - 1) AS n
       JOIN users u ON u.email = 'leader-' || n || '@bench.local'`,
      [members],
    );
    await client.query(
      `INSERT INTO profiles (id, username, referral_code, show_on_leaderboard)
       SELECT id, 'leader_' || n,
              'L' || translate(lpad(to_hex(n), 7, '0'), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), true
       FROM bench_leaders`,
    );
    await client.query(
      `INSERT INTO mining_days (user_id, day, seconds, mined)
       SELECT m.id, current_date - d, 3600 + (abs(hashint8(m.n * 31 + d)) % 10800)::int, true
       FROM bench_leaders m CROSS JOIN generate_series(0, $1 - 1) AS d`,
      [DAYS],
    );
    await client.query(
      `INSERT INTO mining_streaks (user_id, last_day, started_on, days, longest, freezes)
       SELECT id, current_date, current_date - ($1 - 1), $1, $1, 2 FROM bench_leaders`,
      [DAYS],
    );
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE)');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
