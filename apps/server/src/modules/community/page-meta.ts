import { pageTitles, paths } from '@btcp/shared';
import type { CommunityPost } from '@btcp/shared/community-schemas';
import type { PageMeta } from '#server/lib/page-template.ts';
import { truncateText } from '#server/modules/blog/index.ts';

const DESCRIPTION_LENGTH = 160;

/** A community post page's link preview (D18): its title, text and picture. */
export function communityPostPageMeta(post: CommunityPost, origin: string): Partial<PageMeta> {
  return {
    // The page's <title> is the generic 'Community Post | {site}'; the preview shows the post's own.
    title: pageTitles.communityPost,
    previewTitle: post.title,
    description: truncateText(post.content.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH),
    url: `${origin}${paths.communityPost.getHref(post.id)}`,
    image: post.imageUrl ? new URL(post.imageUrl, origin).href : null,
    type: 'article',
  };
}
