import { type BlogPost, blogMessages } from '@btcp/shared/blog';
import { formatLongDate } from '../../../lib/format.ts';
import { MarkdownContent } from './markdown-content.tsx';

/** Spec "Blog post": title, optional subtitle, 'Published on {long date}', optional cover, content. */
export function BlogPostArticle({ post }: { post: BlogPost }) {
  return (
    <article>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {post.title}
        </h1>
        {post.subtitle ? (
          <p className="mt-4 text-lg text-muted-foreground sm:text-xl">{post.subtitle}</p>
        ) : null}
        <p className="mt-4 text-sm text-muted-foreground">
          <time dateTime={post.createdAt}>
            {blogMessages.publishedOn(formatLongDate(post.createdAt))}
          </time>
        </p>
      </header>
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt={post.title}
          className="mt-8 max-h-[32rem] w-full rounded-xl border border-border bg-muted object-cover"
        />
      ) : null}
      <div className="mt-8 border-t border-border pt-8">
        <MarkdownContent content={post.content} />
      </div>
    </article>
  );
}
