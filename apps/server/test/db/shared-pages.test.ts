import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createSharedPages, type SharedPages } from '#server/db/notifications/shared-pages.ts';
import { openTestDatabase } from '#server-test/helper.ts';

/** The bounded groups of the shared pages: what a search keeps (decision 023). */
describe('a bounded group of kept values', () => {
  let handle: DatabaseHandle;
  let pages: SharedPages;
  beforeAll(async () => {
    handle = await openTestDatabase();
    pages = await createSharedPages(handle);
  });
  afterAll(async () => {
    await pages.close();
    await handle.close();
  });

  /** Counts the builds of each key, so a test sees what was kept and what was built again. */
  const builder = () => {
    const builds: string[] = [];
    return {
      builds,
      build: (key: string) => async () => {
        builds.push(key);
        return `value of ${key}`;
      },
    };
  };

  it('keeps at most its limit, forgetting the least recently used first', async () => {
    const group = pages.bounded<string>('community', 2);
    const { builds, build } = builder();
    expect(await group.get('a', build('a'))).toBe('value of a');
    await group.get('b', build('b'));
    await group.get('a', build('a'));
    // 'b' is now the least recently used: a third key pushes it out, not 'a'.
    await group.get('c', build('c'));
    await group.get('a', build('a'));
    await group.get('b', build('b'));
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares one build between callers who ask at once, and keeps no failure', async () => {
    const group = pages.bounded<string>('community', 4);
    let builds = 0;
    const slow = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'slow';
    };
    expect(await Promise.all([group.get('k', slow), group.get('k', slow)])).toEqual([
      'slow',
      'slow',
    ]);
    expect(builds).toBe(1);
    await expect(group.get('broken', () => Promise.reject(new Error('boom')))).rejects.toThrow();
    expect(await group.get('broken', async () => 'mended')).toBe('mended');
  });

  it('forgets everything when what it shows changes, and nothing for another kind', async () => {
    const community = pages.bounded<string>('community', 4);
    const blog = pages.bounded<string>('blog', 4);
    const { builds, build } = builder();
    await community.get('post list', build('community'));
    await blog.get('blog list', build('blog'));
    // Any write to the posts notifies every process (the triggers of decision 013).
    await handle.db.execute(sql`UPDATE community_posts SET upvotes = upvotes WHERE false`);
    await pages.settle();
    await community.get('post list', build('community'));
    await blog.get('blog list', build('blog'));
    expect(builds).toEqual(['community', 'blog', 'community']);
  });
});
