import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, systemSettings } from '#server/db/schema.ts';
import { SAMPLE_BLOG_POSTS, seedSampleBlogPosts } from '#server/modules/blog/seed.ts';
import { repoRoot } from '#server/paths.ts';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * D25, D30: every page that states the referral rule says the bonus waits for the friend's verified
 * email and their qualifying minutes, as the pages arrive rendered from the server.
 */
const entry = path.join(repoRoot, 'apps/web/src/entry-server.tsx');
/** The old promises: paid instantly, at once, or on the verified email with nothing after it. */
const INSTANT_PROMISE =
  /instant|(?:wallet|credited|paid) at once|the moment the referral|verif(?:y|ies) their email(?!,? (?:address )?and mines? (?:for )?\d)/i;
const THE_RULE = /verif(?:y|ies) their email(?: address)?,? and mines? (?:for )?60 minutes/i;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webSsrEntry: entry });
});
afterAll(() => t.close());

/** What a reader sees inside #root: the words, without markup. */
async function pageText(url: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const root = /<div id="root">([\s\S]*)<\/div><script/.exec(response.body)?.[1] ?? '';
  return root
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the referral rule as the pages state it', () => {
  it('is the qualifying rule on the landing page, the whitepaper, the terms and the sample post', async () => {
    expect(await seedSampleBlogPosts(t.database.db, new Date())).toBe(3);
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog/posts' })).json();
    const referralPost = posts.items.find(
      (post: { title: string }) => post.title === 'Invite friends, earn 40 BTCP each',
    );
    for (const url of ['/', '/whitepaper', '/terms-of-service', `/blog/${referralPost.id}`]) {
      const text = await pageText(url);
      expect(text, url).toMatch(THE_RULE);
      expect(text, url).not.toMatch(INSTANT_PROMISE);
    }
  });

  it("corrects an older database's untouched sample post and leaves an edited one alone", async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      const sample = SAMPLE_BLOG_POSTS[2];
      const [firstLine, ...rest] = sample.content.split('\n');
      const outdated = [
        'Your dashboard shows a personal referral link. When someone registers through it and verifies their email, **40 BTCP** lands in your wallet at once, with no cap on how many friends you bring.',
        ...rest,
      ].join('\n');
      expect(firstLine).not.toBe(outdated.split('\n')[0]);
      // As a database seeded before the rule changed holds it, beside an admin's edited copy.
      await db.insert(systemSettings).values({ key: 'sample_blog_posts_seeded', value: true });
      const [untouched] = await db
        .insert(blogPosts)
        .values({
          title: sample.title,
          subtitle: sample.subtitle,
          content: outdated,
          published: true,
        })
        .returning({ id: blogPosts.id });
      const edited = `${outdated}\n\nEdited by the operator.`;
      const [kept] = await db
        .insert(blogPosts)
        .values({ title: sample.title, content: edited, published: true })
        .returning({ id: blogPosts.id });

      expect(await seedSampleBlogPosts(db, new Date())).toBe(0);
      const contentOf = async (id: string) =>
        (await db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]?.content;
      expect(await contentOf(untouched?.id ?? '')).toBe(sample.content);
      expect(await contentOf(kept?.id ?? '')).toBe(edited);
      expect(await db.select().from(blogPosts)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});
