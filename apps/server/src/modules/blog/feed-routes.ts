import { BLOG_RSS_PATH, blogMessages, paths, SITE_DESCRIPTION, SITE_NAME } from '@btcp/shared';
import type { FastifyPluginAsync } from 'fastify';
import { Feed } from 'feed';
import { markdownToPlainText, truncateText } from './plain-text.ts';
import { latestPublishedPosts } from './service.ts';

const FEED_SIZE = 50;

/** GET /blog/rss.xml (D18): the newest published posts as RSS 2.0. */
export const blogFeedRoutes: FastifyPluginAsync = async (app) => {
  app.get(BLOG_RSS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const origin = app.config.publicOrigin;
    const posts = await latestPublishedPosts(app.db, FEED_SIZE);
    const feed = new Feed({
      title: `${SITE_NAME} ${blogMessages.title}`,
      description: SITE_DESCRIPTION,
      id: `${origin}${paths.blog.getHref()}`,
      link: `${origin}${paths.blog.getHref()}`,
      language: 'en',
      updated: posts[0]?.updatedAt ?? new Date(0),
      generator: false,
      feedLinks: { rss: `${origin}${BLOG_RSS_PATH}` },
      copyright: `© ${SITE_NAME}`,
    });
    for (const post of posts) {
      const link = `${origin}${paths.blogPost.getHref(post.id)}`;
      feed.addItem({
        title: post.title,
        id: link,
        link,
        date: post.createdAt,
        description: truncateText(post.subtitle ?? markdownToPlainText(post.content), 300),
        ...(post.coverImage ? { image: `${origin}${post.coverImage}` } : {}),
      });
    }
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(feed.rss2());
  });
};
