import type pg from 'pg';
import { inSeedTransaction } from './seed-transaction.ts';

/** The leaderboard scenario's members, every one of them opted in (D28). */
export const LEADERBOARD_MEMBERS = 100_000;
/** Days of mining each member has, ending today: this week's and earlier weeks' days. */
const DAYS = 14;

/**
 * `count` verified members `<prefix>-<n>@bench.local`, each with a profile (username `<prefix>_<n>`,
 * referral code `<codeLetter>` and n in seven letters), written set-wise in the client's open
 * transaction. Not seedMiners: its referral codes, drawn from a hash, collide among 100,000
 * members, and it signs every member in. Returns a temporary table of (id, n) for the caller's
 * further rows.
 */
export async function insertMembers(
  client: pg.Client,
  members: { prefix: string; codeLetter: string; count: number; showOnLeaderboard: boolean },
) {
  const { prefix, codeLetter, count, showOnLeaderboard } = members;
  await client.query(
    `INSERT INTO users (email, password_hash, email_verified_at)
     SELECT $2::text || '-' || n || '@bench.local', 'bench-no-login', now()
     FROM generate_series(0, $1 - 1) AS n`,
    [count, prefix],
  );
  const table = `bench_${prefix}s`;
  await client.query(
    `CREATE TEMP TABLE ${table} AS
     SELECT u.id, n FROM generate_series(0, $1 - 1) AS n
     JOIN users u ON u.email = $2::text || '-' || n || '@bench.local'`,
    [count, prefix],
  );
  await client.query(
    `INSERT INTO profiles (id, username, referral_code, show_on_leaderboard)
     SELECT id, $1::text || '_' || n,
            $2::text || translate(lpad(to_hex(n), 7, '0'), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), $3::boolean
     FROM ${table}`,
    [prefix, codeLetter, showOnLeaderboard],
  );
  return table;
}

/**
 * 100,000 members who chose to appear, each with a username and 14 days of paid mining (between
 * 1 and 4 hours a day, varied so the ranks differ), written set-wise straight into the bench
 * database, as the crediting job would have left `mining_days` and `mining_streaks`.
 */
export async function seedLeaderboard(databaseUrl: string, members = LEADERBOARD_MEMBERS) {
  await inSeedTransaction(databaseUrl, async (client) => {
    const leaders = await insertMembers(client, {
      prefix: 'leader',
      codeLetter: 'L',
      count: members,
      showOnLeaderboard: true,
    });
    await client.query(
      `INSERT INTO mining_days (user_id, day, seconds, mined)
       SELECT m.id, current_date - d, 3600 + (abs(hashint8(m.n * 31 + d)) % 10800)::int, true
       FROM ${leaders} m CROSS JOIN generate_series(0, $1 - 1) AS d`,
      [DAYS],
    );
    await client.query(
      `INSERT INTO mining_streaks (user_id, last_day, started_on, days, longest, freezes)
       SELECT id, current_date, current_date - ($1 - 1), $1, $1, 2 FROM ${leaders}`,
      [DAYS],
    );
  });
}
