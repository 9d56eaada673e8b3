export const BLOG_PAGE_SIZE = 10;

export const BLOG_EXCERPT_WORDS = 25;

export const BLOG_TITLE_MAX = 300;

export const BLOG_SUBTITLE_MAX = 500;

export const BLOG_CONTENT_MAX = 100_000;

export const blogMessages = {
  title: 'Blog',
  empty: 'No blog posts available yet.',
  emptyHint: 'Check back soon for new content!',
  noImage: 'No image',
  publishedOn: (longDate: string) => `Published on ${longDate}`,
  backToAll: '\u2190 Back to all posts',
  notFoundTitle: 'Post Not Found',
  notFoundText: 'The blog post you\u2019re looking for doesn\u2019t exist or is not published.',
  returnToBlog: 'Return to Blog',
  errorLoadingPosts: 'Error loading posts',
  errorLoadingPostsDescription: 'Could not load blog posts. Please try again.',
  errorLoadingPost: 'Error loading post',
  errorLoadingPostDescription: 'Could not load the blog post. It may not exist or is unpublished.',
  // Admin
  newPost: 'New Post',
  adminEmpty: 'No blog posts found',
  createFirst: 'Create your first post',
  createTitle: 'Create New Blog Post',
  editTitle: 'Edit Blog Post',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  deleteConfirm: 'Are you sure you want to delete this post? This action cannot be undone.',
  adminErrorLoadingPosts: 'Error loading posts',
  errorDeleting: 'Error deleting post',
  errorLoadingBlogPost: 'Error loading blog post',
  errorSaving: 'Error saving post',
  errorSavingDescription: 'Could not save the blog post. Please try again.',
  deleted: 'Post deleted',
  updated: 'Post updated',
  created: 'Post created',
  notFound: 'Blog post not found',
} as const;

/** First `words` words of a text, with an ellipsis when cut (the product's 25-word excerpt). */
export function excerptWords(text: string, words = BLOG_EXCERPT_WORDS): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}...` : all.join(' ');
}

export const blogApi = {
  list: '/blog/posts',
  post: (id: string) => `/blog/posts/${encodeURIComponent(id)}`,
  adminList: '/admin/blog/posts',
  adminPost: (id: string) => `/admin/blog/posts/${encodeURIComponent(id)}`,
} as const;

export const BLOG_RSS_PATH = '/blog/rss.xml';

// Types only (erased at build time): the schemas themselves live in blog-schemas.ts.
export type * from './blog-schemas.ts';
