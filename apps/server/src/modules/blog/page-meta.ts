import { paths, SITE_NAME } from '@btcp/shared';
import type { Database } from '#server/db/client.ts';
import type { PageMeta } from '#server/plugins/spa.ts';
import { markdownToPlainText, truncateText } from './plain-text.ts';
import { findPublishedPost } from './service.ts';

const DESCRIPTION_LENGTH = 160;

/**
 * A blog post page's link preview (D18): its title, description and cover; null for a missing or
 * draft post, which is a 404 page (drafts do not exist for the public, as in the API).
 */
export async function blogPostPageMeta(
  db: Database,
  id: string,
  origin: string,
): Promise<Partial<PageMeta> | null> {
  const post = await findPublishedPost(db, id);
  if (!post) return null;
  return {
    title: `${post.title} | ${SITE_NAME}`,
    description: truncateText(
      post.subtitle ?? markdownToPlainText(post.content),
      DESCRIPTION_LENGTH,
    ),
    url: `${origin}${paths.blogPost.getHref(id)}`,
    image: post.coverImage ? new URL(post.coverImage, origin).href : null,
    type: 'article',
  };
}
