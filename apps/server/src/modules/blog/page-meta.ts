import { paths, SITE_NAME } from '@btcp/shared';
import type { BlogPost } from '@btcp/shared/blog-schemas';
import type { PageMeta } from '#server/lib/page-template.ts';
import { markdownToPlainText, truncateText } from './plain-text.ts';

const DESCRIPTION_LENGTH = 160;

/** A blog post page's link preview (D18): its title, description and cover. */
export function blogPostPageMeta(post: BlogPost, origin: string): Partial<PageMeta> {
  return {
    title: `${post.title} | ${SITE_NAME}`,
    description: truncateText(
      post.subtitle ?? markdownToPlainText(post.content),
      DESCRIPTION_LENGTH,
    ),
    url: `${origin}${paths.blogPost.getHref(post.id)}`,
    image: post.coverImage ? new URL(post.coverImage, origin).href : null,
    type: 'article',
  };
}
