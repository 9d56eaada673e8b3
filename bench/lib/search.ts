import type autocannon from 'autocannon';
import pg from 'pg';
import { seedMembers } from './community.ts';
import { inSeedTransaction } from './seed-transaction.ts';

/**
 * The search scenario's data: 100,000 posts by 1,000 members, written set-wise straight into the
 * bench database. Each post's title (3 to 7 words) and content (12 to 40 words) are drawn from a
 * vocabulary of a forum about mining, with common words far more frequent than rare ones (the
 * draw is skewed towards the head of the list), so some searches match tens of thousands of posts
 * and others a few hundred, and the rank has work to do: a word may be in a title, a content or
 * both, once or several times.
 */
export const SEARCH_POSTS = 100_000;
/** The corpora the search scenario measures, smallest first (BENCH_SEARCH_POSTS, comma-separated). */
export const SEARCH_CORPORA = (process.env.BENCH_SEARCH_POSTS ?? '100000,1000000')
  .split(',')
  .map(Number);
const SEARCH_MEMBERS = 1_000;

/** Most frequent first (the draws favour the head), as text: one word a line would run to 300. */
const VOCABULARY = `
mining bitcoin wallet coins browser reward session hash rate balance block network fees exchange
price power laptop phone battery heat referral bonus friend ledger transaction address withdraw
deposit market chart halving difficulty pool miner rig graphics card processor fan noise
electricity bill solar panel roof garage night shift tab extension update release version bug
fix question answer guide tips beginner veteran scam warning security password backup seed
phrase hardware cold storage key private public signature proof work stake consensus fork chain
node peer sync latency server uptime outage weekend morning evening daily weekly monthly yearly
goal milestone first hundred thousand million small large fast slow cheap expensive efficient
quiet loud warm cool stable volatile bullish bearish hodl trading strategy profit loss tax
report accountant country regulation law bank dollar euro savings inflation gold silver history
future community forum moderator rules spam topic thread vote upvote comment whitepaper roadmap
launch presale airdrop token supply cap circulation burn mint smart contract developer code open
source audit testnet mainnet upgrade protocol layer lightning channel payment merchant coffee
pizza famous story meme moon lambo dip rally crash recovery cycle season altcoin dominance
volume liquidity order book spread slippage arbitrage bot script automation dashboard statistics
graph export csv spreadsheet calculator estimate earnings hourly minute second timer clock
desktop tablet chromebook linux windows mac firefox chrome safari edge memory thermal throttling
overclock undervolt temperature sensor cooling water air dust cleaning maintenance lifespan
warranty repair shop secondhand auction shipping customs delivery unboxing review benchmark
comparison ranking leaderboard competition team family kids school university student teacher
lesson tutorial video podcast newsletter blog article journalist rumour announcement partnership
listing delisting support ticket email verification account login ban appeal privacy cookie
tracking ads donation charity tip gift birthday holiday winter summer spring autumn rain storm
blackout generator inverter grid meter tariff kilowatt renewable wind hydro nuclear carbon
footprint green planet quokka pelican narwhal axolotl wombat platypus capybara ocelot tapir
`
  .trim()
  .split(/\s+/);

/**
 * How far the draws lean towards the head of the vocabulary: a uniform number raised to this power
 * is the word's place. At 1.4 the most common word is in about 40 % of the posts, one in the middle
 * in about 8 %, the last ones in about 7 %.
 */
const SKEW = 1.4;

/** A word of the vocabulary for each of `count` slots of post p, skewed towards common words. */
const words = (count: string, salt: number) => `(
  SELECT string_agg(
    (v.w)[1 + floor(cardinality(v.w) * power(((abs(hashint8(p::bigint * 1000 + ${salt} + k)) % 1000003)::float8 / 1000003), ${SKEW}))::int],
    ' ' ORDER BY k)
  FROM generate_series(1, ${count}) AS k
)`;

export async function seedSearch(databaseUrl: string, posts = SEARCH_POSTS): Promise<void> {
  await inSeedTransaction(databaseUrl, async (client) => {
    await seedMembers(client, 'searcher', SEARCH_MEMBERS, 'bench_searchers');
    // The generated search column is computed by PostgreSQL as each row goes in.
    await client.query(
      `INSERT INTO community_posts (title, content, user_id, topic, created_at, hot_rank)
       SELECT initcap(${words('3 + p % 5', 0)}), ${words('12 + p % 29', 500)} || '.', m.id,
              (ARRAY['bitcoin', 'mining', 'cryptocurrency', NULL])[1 + p % 4],
              now() - (p * interval '26 seconds'),
              (extract(epoch from now() - (p * interval '26 seconds')) - 1134028003) / 45000
       FROM generate_series(0, $1 - 1) AS p
       CROSS JOIN (SELECT $3::text[] AS w) AS v
       JOIN bench_searchers AS m ON m.n = p % $2`,
      [posts, SEARCH_MEMBERS, VOCABULARY],
    );
  });
}

/** How many of the posts a search matches, to print beside the measurements. */
export async function matchCounts(databaseUrl: string, queries: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const q of queries) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM community_posts
         WHERE search_vector @@ websearch_to_tsquery('english', $1)`,
        [q],
      );
      counts[q] = Number(rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * What readers search for most, asked again and again: 64 searches, the 56 most common words alone
 * and a few others (pairs, a phrase, an exclusion, rare words). Each one's first page is kept by
 * the server after its first request, so this measures a community's popular searches.
 */
export const POPULAR_SEARCHES = [
  ...VOCABULARY.slice(0, 56),
  'bitcoin wallet',
  '"solar panel"',
  'battery heat',
  'halving -price',
  'ledger or hardware',
  'quokka',
  'capybara overclock',
  'pelican',
];

/** The popular searches in turn, one request each, round and round on every connection. */
export const popularSearches = (path: string): autocannon.Request[] =>
  POPULAR_SEARCHES.map((q) => ({ path: `${path}?q=${encodeURIComponent(q)}` }));

/** A fixed pseudo-random sequence, so every run asks the same searches in the same order. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Searches that are seldom asked twice: two words of the vocabulary, drawn with the same skew as
 * the posts' words (some 150,000 pairs). The 256 first pages the server keeps rarely hold one, so
 * this measures the database: the GIN index, the rank of every match and the sort.
 */
export function everySearchNew(path: string): autocannon.Request[] {
  const next = sequence(20_261_126);
  const word = () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** SKEW)] ?? 'mining';
  return [
    {
      setupRequest: (request) => ({
        ...request,
        path: `${path}?q=${encodeURIComponent(`${word()} ${word()}`)}`,
      }),
    },
  ];
}
