import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { blogPosts, systemSettings } from '#server/db/schema.ts';

const SEEDED_KEY = 'sample_blog_posts_seeded';

/**
 * The referral sample's first paragraph as databases seeded before D25 hold it: it promised the
 * bonus at verification. It is replaced where a post still reads exactly so, never once edited.
 */
const OUTDATED_REFERRAL_TEXT =
  'Your dashboard shows a personal referral link. When someone registers through it and verifies their email, **40 BTCP** lands in your wallet at once, with no cap on how many friends you bring.';
const DAY_MS = 24 * 60 * 60_000;

/** Our own words about the product, so a newcomer's first start shows a living blog. */
export const SAMPLE_BLOG_POSTS = [
  {
    title: 'Welcome to BTCP',
    subtitle: 'Mining in the browser, no download and no KYC',
    content: `BTCP lets anyone mine from a browser tab. Register, verify your email, open the dashboard and press **Start Mining**: the server times your session and credits your wallet at every reward interval.

## What you need

- A browser that stays open while you mine
- An email address to verify your account

There is nothing to install and nothing to configure. Your balance updates live on the wallet page while you mine.`,
  },
  {
    title: 'How mining rewards are counted',
    subtitle: 'Why the server, not your browser, keeps the time',
    content: `Every reward is worked out on the server from the time your session was really open. Your browser sends a short ping every 30 seconds; each ping covers the half-minute after it, and a session that stops pinging is closed within a couple of minutes.

In the early phase a full hour of mining pays exactly **100 BTCP**. Amounts are kept as exact decimals with eight places, so no fraction of a coin is ever lost to rounding.

Mining in two tabs at once does not pay twice: one account has one mining session.`,
  },
  {
    title: 'Invite friends, earn 40 BTCP each',
    subtitle: 'How the referral bonus works',
    content: `Your dashboard shows a personal referral link. When someone registers through it, verifies their email and mines 60 minutes in total, **40 BTCP** lands in your wallet, with no cap on how many friends you bring. Your dashboard shows each friend still on the way and how far they have mined.

1. Copy your link from the dashboard
2. Share it wherever you like
3. Watch your referral count and earnings grow

Join the conversation in the [community](/community) to compare notes with other miners.`,
  },
] as const;

/**
 * On the first start of an empty database, three published sample posts. A settings key records
 * that it ran, so the posts do not come back after an admin deletes them, and only the process
 * that wrote the key seeds when several start together.
 */
export async function seedSampleBlogPosts(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemSettings)
      .values({ key: SEEDED_KEY, value: sql`'true'::jsonb` })
      .onConflictDoNothing()
      .returning({ key: systemSettings.key });
    if (claimed.length === 0) {
      await correctReferralSample(tx);
      return 0;
    }
    const [existing] = await tx.select({ value: count() }).from(blogPosts);
    if ((existing?.value ?? 0) > 0) return 0;
    await tx.insert(blogPosts).values(
      SAMPLE_BLOG_POSTS.map((post, index) => {
        const at = new Date(now.getTime() - (SAMPLE_BLOG_POSTS.length - index) * DAY_MS);
        return { ...post, published: true, createdAt: at, updatedAt: at };
      }),
    );
    return SAMPLE_BLOG_POSTS.length;
  });
}

/** D30: the sample a database already holds states the referral rule as the decision does. */
async function correctReferralSample(tx: Transaction): Promise<void> {
  const sample = SAMPLE_BLOG_POSTS[2];
  const outdated = sample.content.replace(/^[^\n]*/, OUTDATED_REFERRAL_TEXT);
  await tx
    .update(blogPosts)
    .set({ content: sample.content })
    .where(and(eq(blogPosts.title, sample.title), eq(blogPosts.content, outdated)));
}
