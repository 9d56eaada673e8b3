import { pageTitles, paths, SITE_NAME } from '@btcp/shared';
import { and, eq } from 'drizzle-orm';
import { communityPosts } from '../db/schema.ts';
import { markdownToPlainText, truncateText } from '../modules/blog/plain-text.ts';
import { findPublishedPost } from '../modules/blog/service.ts';
import { visibleToPublic } from '../modules/community/sql.ts';
import type { PageMetaResolver } from './spa.ts';

const DESCRIPTION_LENGTH = 160;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Link previews for content pages (D18): a published blog post or a public community post gives
 * its own title, description and picture; a missing, draft or removed one is a 404 page.
 */
export const resolvePageMeta: PageMetaResolver = async (request, route) => {
  if (route !== 'blogPost' && route !== 'communityPost') return undefined;
  const id = decodeURIComponent(request.url.split('?')[0]?.split('/')[2] ?? '');
  if (!UUID.test(id)) return null;
  const { db } = request.server;
  const origin = request.server.config.publicOrigin;
  const absolute = (url: string | null) => (url ? new URL(url, origin).href : null);

  if (route === 'blogPost') {
    // The same rule as the API's: drafts do not exist for the public.
    const post = await findPublishedPost(db, id);
    if (!post) return null;
    return {
      title: `${post.title} | ${SITE_NAME}`,
      description: truncateText(
        post.subtitle ?? markdownToPlainText(post.content),
        DESCRIPTION_LENGTH,
      ),
      url: `${origin}${paths.blogPost.getHref(id)}`,
      image: absolute(post.coverImage),
      type: 'article',
    };
  }

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
    // The spec names the page 'Community Post | {site}'; the preview shows the post's own title.
    title: pageTitles.communityPost,
    previewTitle: post.title,
    description: truncateText(post.content.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH),
    url: `${origin}${paths.communityPost.getHref(id)}`,
    image: absolute(post.imageUrl),
    type: 'article',
  };
};
