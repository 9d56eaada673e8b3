export { blogFeedRoutes } from './feed-routes.ts';
export { blogPostPageMeta } from './page-meta.ts';
export { truncateText } from './plain-text.ts';
export { blogAdminRoutes, blogRoutes } from './routes.ts';
export { seedSampleBlogPosts } from './seed.ts';
