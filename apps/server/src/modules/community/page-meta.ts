import { pageTitles, paths } from '@btcp/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { communityPosts } from '#server/db/schema.ts';
import type { PageMeta } from '#server/plugins/spa.ts';
import { truncateText } from '../blog/plain-text.ts';
import { visibleToPublic } from './sql.ts';

const DESCRIPTION_LENGTH = 160;

/**
 * A community post page's link preview (D18): its title, text and picture; null for a missing or
 * removed post, which is a 404 page.
 */
export async function communityPostPageMeta(
  db: Database,
  id: string,
  origin: string,
): Promise<Partial<PageMeta> | null> {
  const [post] = await db
    .select({
      title: communityPosts.title,
      content: communityPosts.content,
      imageUrl: communityPosts.imageUrl,
    })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), visibleToPublic));
  if (!post) return null;
  return {
    // The page's <title> is the generic 'Community Post | {site}'; the preview shows the post's own.
    title: pageTitles.communityPost,
    previewTitle: post.title,
    description: truncateText(post.content.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH),
    url: `${origin}${paths.communityPost.getHref(id)}`,
    image: post.imageUrl ? new URL(post.imageUrl, origin).href : null,
    type: 'article',
  };
}
