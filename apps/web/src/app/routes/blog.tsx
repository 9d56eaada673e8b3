import { BLOG_RSS_PATH, blogMessages } from '@btcp/shared/blog';
import { pageTitles } from '@btcp/shared/paths';
import { Rss } from 'lucide-react';
import { blogPostsQueryOptions } from '#web/features/blog/api/get-blog-posts.ts';
import { BlogList } from '#web/features/blog/components/blog-list.tsx';
import { pageFromSearch } from '#web/features/blog/hooks/use-page-param.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';

export const handle: PublicPageHandle = {
  prefetch: (queryClient, { searchParams }) =>
    queryClient.fetchQuery(blogPostsQueryOptions(pageFromSearch(searchParams))),
};

export function Component() {
  useDocumentTitle(pageTitles.blog);
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 lg:px-8 lg:pt-16">
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4 border-b border-border pb-8">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {blogMessages.title}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            News, guides and updates from the BTCP team.
          </p>
        </div>
        {/* The feed is the server's, not a page of the app: a plain link, not a router one. */}
        <a
          href={BLOG_RSS_PATH}
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Rss aria-hidden="true" className="size-4" />
          RSS feed
        </a>
      </header>
      <BlogList />
    </div>
  );
}
