import type { CommunityPost } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CANDIDATES, searchPosts } from '#server/modules/community/search.ts';
import { call, crowd, type Member, roomyLimits } from '#server-test/community.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/**
 * Decision 058's quality set: a search ranks only the newest of its matches, so this corpus is made
 * to catch what that could lose. Newer filler posts fill the candidate list many times over with
 * the common words; the posts a reader is looking for are old, matched in their title, by a phrase,
 * by a rare word or by a stemmed form. Each query's expected posts are written down; together, at
 * least 90 % of them must be on the first page.
 */
const FILLERS = SEARCH_CANDIDATES * 5;
/**
 * The searches below look in the newest 1,000 posts first: each common word matches more than
 * enough of them, and the expected posts are all older, so both the window and the way past it
 * are taken.
 */
const WINDOW_POSTS = 1000;
const COMMON = ['mining', 'wallet', 'balance', 'reward', 'browser', 'session', 'coins'];

/** The posts a reader looks for, each older than every filler (days before the fillers start). */
const EXPECTED_POSTS = [
  {
    key: 'cold',
    days: 400,
    title: 'Mining in the cold',
    content: 'A garage in winter keeps the laptop cool.',
  },
  {
    key: 'recovery',
    days: 500,
    title: 'Wallet recovery after a phone died',
    content: 'The seed words saved everything.',
  },
  {
    key: 'timing',
    days: 350,
    title: 'Reward timing explained',
    content: 'Credits arrive once a minute while the tab is open.',
  },
  {
    key: 'tabs',
    days: 300,
    title: 'Browser choice for long sessions',
    content: 'Firefox kept the fan quiet all night.',
  },
  {
    key: 'ledger',
    days: 450,
    title: 'Balance and ledger agree',
    content: 'Every credit has its own line.',
  },
  {
    key: 'coinjar',
    days: 380,
    title: 'Coins for the kids',
    content: 'A jar on the shelf, counted every Sunday.',
  },
  {
    key: 'sessionlog',
    days: 420,
    title: 'Session log of a week',
    content: 'Seven evenings, one hour each.',
  },
  {
    key: 'quokka',
    days: 700,
    title: 'A visitor at the window',
    content: 'A quokka watched the rig blink for an hour.',
  },
  {
    key: 'axolotl',
    days: 650,
    title: 'Aquarium heater',
    content: 'The axolotl tank stays warm from the exhaust.',
  },
  {
    key: 'platypus',
    days: 600,
    title: 'Odd mascot ideas',
    content: 'Someone proposed a platypus wearing a hard hat.',
  },
  {
    key: 'capybara',
    days: 620,
    title: 'Calm under pressure',
    content: 'Be the capybara when the price drops.',
  },
  {
    key: 'narwhal',
    days: 640,
    title: 'Sea creatures thread',
    content: 'The narwhal is the unicorn of the sea.',
  },
  {
    key: 'pelican',
    days: 660,
    title: 'Harbour walk',
    content: 'A pelican stole my sandwich near the docks.',
  },
  {
    key: 'coldstorage',
    days: 550,
    title: 'Keeping keys offline',
    content: 'Cold storage on paper, in a safe, away from any network.',
  },
  {
    key: 'coldwater',
    days: 540,
    title: 'Water cooling for a rig',
    content: 'Cold water loops and storage tanks in the basement.',
  },
  {
    key: 'solar',
    days: 520,
    title: 'Solar panel on the garage roof',
    content: 'It powers the charger in summer.',
  },
  {
    key: 'throttle',
    days: 480,
    title: 'Laptop slows down after an hour',
    content: 'Thermal throttling: clean the vents and raise the feet.',
  },
  {
    key: 'overclock',
    days: 470,
    title: 'Pushing the clock',
    content: 'Overclocking the processor gained little and cost heat.',
  },
  {
    key: 'halving',
    days: 460,
    title: 'What the halving means here',
    content: 'Nothing changes for browser mining rewards until launch.',
  },
  {
    key: 'halvingprice',
    days: 455,
    title: 'Halving and price',
    content: 'Price talk after the halving, again.',
  },
  {
    key: 'tea',
    days: 440,
    title: 'Green tea break',
    content: 'A cup of green tea while the numbers climb.',
  },
  {
    key: 'referral',
    days: 430,
    title: 'Referral etiquette',
    content: 'Invite friends who will actually mine.',
  },
  {
    key: 'phish',
    days: 410,
    title: 'Phishing warning',
    content: 'Nobody from the team will ask for your password.',
  },
  {
    key: 'export',
    days: 405,
    title: 'Exporting my data',
    content: 'The account export is one JSON file with everything.',
  },
  {
    key: 'twofactor',
    days: 395,
    title: 'Turn on two-factor',
    content: 'An authenticator app and saved recovery codes.',
  },
  {
    key: 'passkey',
    days: 390,
    title: 'Passkeys on a phone',
    content: 'Face unlock instead of typing a password.',
  },
  {
    key: 'moderation',
    days: 385,
    title: 'Why was my comment removed',
    content: 'The moderation log names the rule it broke.',
  },
  {
    key: 'roadmap',
    days: 375,
    title: 'Roadmap questions',
    content: 'When does the official launch happen?',
  },
  {
    key: 'whitepaper',
    days: 370,
    title: 'Reading the whitepaper',
    content: 'Section three explains the conversion at launch.',
  },
  {
    key: 'leaderboard',
    days: 365,
    title: 'Streaks and leaderboards',
    content: 'Would a weekly leaderboard be fair to night owls?',
  },
] as const;
type Key = (typeof EXPECTED_POSTS)[number]['key'];

/** Thirty searches and the posts each must show on its first page. */
const QUERIES: [string, Key[]][] = [
  ['mining', ['cold']],
  ['wallet', ['recovery']],
  ['reward', ['timing']],
  ['browser', ['tabs']],
  ['balance', ['ledger']],
  ['coins', ['coinjar']],
  ['session', ['sessionlog']],
  ['quokka', ['quokka']],
  ['axolotl tank', ['axolotl']],
  ['platypus', ['platypus']],
  ['capybara', ['capybara']],
  ['narwhal or pelican', ['narwhal', 'pelican']],
  ['"cold storage"', ['coldstorage']],
  ['cold storage', ['coldstorage', 'coldwater']],
  ['"solar panel"', ['solar']],
  ['thermal throttling', ['throttle']],
  ['overclocked', ['overclock']],
  ['halving -price', ['halving']],
  ['halving price', ['halvingprice']],
  ['"green tea"', ['tea']],
  ['referral friends', ['referral']],
  ['phishing password', ['phish']],
  ['account export', ['export']],
  ['two-factor recovery codes', ['twofactor']],
  ['passkeys', ['passkey']],
  ['comment removed moderation', ['moderation']],
  ['official launch', ['roadmap']],
  ['whitepaper conversion', ['whitepaper']],
  ['weekly leaderboard', ['leaderboard']],
  ['mining garage winter', ['cold']],
];

let t: TestApp;
let author: Member;
const idOf = new Map<string, Key>();

beforeAll(async () => {
  t = await createTestApp({ env: { ...roomyLimits, SEARCH_WINDOW_POSTS: String(WINDOW_POSTS) } });
  [author] = (await crowd(t.app, 'quality', 1)) as [Member];
  // Fillers: three common words each in their content, newest of all, titles of none.
  const words = sql.raw(`ARRAY['${COMMON.join("','")}']`);
  await t.app.db.execute(sql`
    INSERT INTO community_posts (title, content, user_id, created_at)
    SELECT 'Daily note ' || n,
           (${words})[1 + n % 7] || ' ' || (${words})[1 + (n / 7) % 7] || ' ' || (${words})[1 + (n / 49) % 7] || ' today.',
           ${author.id}, now() - n * interval '1 minute'
    FROM generate_series(1, ${FILLERS}) AS n`);
  for (const post of EXPECTED_POSTS) {
    const { rows } = (await t.app.db.execute(sql`
      INSERT INTO community_posts (title, content, user_id, created_at)
      VALUES (${post.title}, ${post.content}, ${author.id}, now() - ${post.days} * interval '1 day')
      RETURNING id`)) as unknown as { rows: { id: string }[] };
    idOf.set(rows[0]?.id ?? '', post.key);
  }
  await t.app.db.execute(sql`ANALYZE community_posts`);
});
afterAll(() => t.close());

async function firstPage(q: string): Promise<Key[]> {
  const response = await call(t.app, 'GET', `/api/community/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  const items = (response.json() as { items: CommunityPost[] }).items;
  return items.flatMap((post) => idOf.get(post.id) ?? []);
}

describe('the quality set', () => {
  it('each common word matches more posts than a search ranks', async () => {
    for (const word of COMMON) {
      const { rows } = (await t.app.db.execute(sql`
        SELECT count(*)::int AS n FROM community_posts
        WHERE search_vector @@ websearch_to_tsquery('english', ${word})`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]?.n).toBeGreaterThan(SEARCH_CANDIDATES);
    }
  });

  it('finds at least 90 % of the expected posts on the first page of their searches', async () => {
    let expected = 0;
    let found = 0;
    const missed: string[] = [];
    for (const [q, keys] of QUERIES) {
      const page = await firstPage(q);
      for (const key of keys) {
        expected += 1;
        if (page.includes(key)) found += 1;
        else missed.push(`${q} → ${key}`);
      }
    }
    expect(found / expected, `missed: ${missed.join('; ')}`).toBeGreaterThanOrEqual(0.9);
  });

  it('puts an old title match first among hundreds of newer content matches', async () => {
    expect((await firstPage('mining'))[0]).toBe('cold');
    expect((await firstPage('wallet'))[0]).toBe('recovery');
  });

  it('matches an exact phrase only where the words stand together', async () => {
    expect(await firstPage('"cold storage"')).toEqual(['coldstorage']);
  });

  it('finds a rare word’s one old post', async () => {
    expect(await firstPage('capybara')).toEqual(['capybara']);
  });
});

describe('the window of newest posts', () => {
  const pages = async (q: string, windowPosts: number) => {
    const search = (cursor?: string) =>
      searchPosts(t.app.db, { q, limit: 20, cursor }, { windowPosts, now: Date.now() });
    const first = (await search()).page;
    const second = first.nextCursor ? (await search(first.nextCursor)).page : null;
    return [first, second].map((page) => page?.items.map((post) => post.id));
  };

  it('gives the same pages at any size of window as with none', async () => {
    const queries = [...QUERIES.map(([q]) => q), ...COMMON, 'mining wallet', 'daily note'];
    // 100 holds too few of any common word's matches; 1,400 more than enough; 5,000 every post.
    for (const windowPosts of [100, 700, 1400, 5000]) {
      for (const q of queries) {
        expect(await pages(q, windowPosts), `${q} in the newest ${windowPosts}`).toEqual(
          await pages(q, 0),
        );
      }
    }
  });
});
