import { z } from './zod.ts';

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

/** First `words` words of a text, with an ellipsis when cut (spec: 25-word excerpt). */
export function excerptWords(text: string, words = BLOG_EXCERPT_WORDS): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}...` : all.join(' ');
}

const Id = z.string().uuid('Not a valid id');

export const BlogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Markdown, rendered without raw HTML (D18). */
  content: z.string(),
  coverImage: z.string().nullable(),
  /** The smaller variant of the cover, for cards. */
  coverImageCard: z.string().nullable(),
  coverImageId: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A card in the public list: the excerpt is cut by the server from the Markdown's plain text. */
export const BlogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  coverImageCard: z.string().nullable(),
  createdAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
});

export const BlogPageSchema = z.object({
  items: z.array(BlogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BlogPage = z.infer<typeof BlogPageSchema>;

/** A row of the admin list: drafts included, no content. */
export const AdminBlogPostRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlogPostRow = z.infer<typeof AdminBlogPostRowSchema>;

export const AdminBlogPageSchema = z.object({
  items: z.array(AdminBlogPostRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminBlogPage = z.infer<typeof AdminBlogPageSchema>;

export const BlogPostBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, blogMessages.titleRequired)
    .max(BLOG_TITLE_MAX, `Title must be at most ${BLOG_TITLE_MAX} characters`),
  subtitle: z
    .string()
    .trim()
    .max(BLOG_SUBTITLE_MAX, `Subtitle must be at most ${BLOG_SUBTITLE_MAX} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  content: z
    .string()
    .trim()
    .min(1, blogMessages.contentRequired)
    .max(BLOG_CONTENT_MAX, `Content must be at most ${BLOG_CONTENT_MAX} characters`),
  published: z.boolean().default(false),
  /** A media id from the cover upload, or null for no cover. */
  coverImageId: Id.nullable().default(null),
});
export type BlogPostBody = z.input<typeof BlogPostBodySchema>;

export const blogApi = {
  list: '/blog/posts',
  post: (id: string) => `/blog/posts/${encodeURIComponent(id)}`,
  adminList: '/admin/blog/posts',
  adminPost: (id: string) => `/admin/blog/posts/${encodeURIComponent(id)}`,
} as const;

export const BLOG_RSS_PATH = '/blog/rss.xml';
