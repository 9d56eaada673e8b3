export { blogFeedRoutes } from './feed.ts';
export { blogPostPageMeta } from './page-meta.ts';
export { truncateText } from './plain-text.ts';
export { blogAdminRoutes, blogRoutes } from './routes.ts';
export { seedSampleBlogPosts } from './seed.ts';
