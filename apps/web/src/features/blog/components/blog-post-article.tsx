import { type BlogPost, blogMessages } from '@btcp/shared/blog';
import { LocalTime } from '#web/components/local-time.tsx';
import { LeadImage } from '#web/components/ui/lead-image.tsx';
import { formatLongDate } from '#web/lib/format.ts';
import { MarkdownContent } from './markdown-content.tsx';

/** A blog post: title, optional subtitle, 'Published on {long date}', optional cover, content. */
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
          <LocalTime
            dateTime={post.createdAt}
            format={(value, timeZone) => blogMessages.publishedOn(formatLongDate(value, timeZone))}
          />
        </p>
      </header>
      {post.coverImage ? (
        <LeadImage
          image={{
            url: post.coverImage,
            cardUrl: post.coverImageCard,
            width: post.coverImageWidth,
            height: post.coverImageHeight,
          }}
          sizes="(min-width: 768px) 720px, 100vw"
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
