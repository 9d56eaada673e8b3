/** The zod schemas of `blog.ts`, apart so that pages needing only its texts load no zod. */
import {
  BLOG_CONTENT_MAX,
  BLOG_PAGE_SIZE,
  BLOG_SUBTITLE_MAX,
  BLOG_TITLE_MAX,
  blogMessages,
} from './blog.ts';
import { MULTI_LINE, SINGLE_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

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
  /** The cover's size in pixels (null without a cover), so the page keeps its place. */
  coverImageWidth: z.number().int().nullable(),
  coverImageHeight: z.number().int().nullable(),
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
  coverImageWidth: z.number().int().nullable(),
  coverImageHeight: z.number().int().nullable(),
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
    .max(BLOG_TITLE_MAX, `Title must be at most ${BLOG_TITLE_MAX} characters`)
    .regex(SINGLE_LINE, `Title ${textMessages.controlCharacters}`),
  subtitle: z
    .string()
    .trim()
    .max(BLOG_SUBTITLE_MAX, `Subtitle must be at most ${BLOG_SUBTITLE_MAX} characters`)
    .regex(SINGLE_LINE, `Subtitle ${textMessages.controlCharacters}`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  content: z
    .string()
    .trim()
    .min(1, blogMessages.contentRequired)
    .max(BLOG_CONTENT_MAX, `Content must be at most ${BLOG_CONTENT_MAX} characters`)
    .regex(MULTI_LINE, `Content ${textMessages.strayControlCharacters}`),
  published: z.boolean().default(false),
  /** A media id from the cover upload, or null for no cover. */
  coverImageId: Id.nullable().default(null),
});

export type BlogPostBody = z.input<typeof BlogPostBodySchema>;
