import {
  type CommunitySort,
  type CommunityTopic,
  communityMessages,
  communitySorts,
  communityTopics,
  DEFAULT_COMMUNITY_SORT,
} from '@btcp/shared/community';
import { pageTitles } from '@btcp/shared/paths';
import { Plus } from 'lucide-react';
import { lazy, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { BrowserOnly } from '#web/components/browser-only.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { communityPostsQueryOptions } from '#web/features/community/api/get-community-posts.ts';
import type { PostListFilter } from '#web/features/community/api/query-keys.ts';
import { communitySearchQueryOptions } from '#web/features/community/api/search-community-posts.ts';
import {
  BANNED_NOTICE_ID,
  BannedNotice,
} from '#web/features/community/components/banned-notice.tsx';
import { CommunitySidebar } from '#web/features/community/components/community-sidebar.tsx';
import { ListControls } from '#web/features/community/components/list-controls.tsx';
import { PostList } from '#web/features/community/components/post-list.tsx';
import { SearchForm } from '#web/features/community/components/search-form.tsx';
import { SearchResults } from '#web/features/community/components/search-results.tsx';
import { useBanned } from '#web/features/community/hooks/use-banned.ts';
import { useScrollToTop } from '#web/features/community/hooks/use-scroll-to-top.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { datedWordsQueryOptions } from '#web/lib/dated-words.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';
import { useSignedIn } from '#web/lib/session.ts';

// Only members can post: visitors never download the dialog and its form (a faster first paint).
const CreatePostDialog = lazy(() =>
  import('#web/features/community/components/create-post-dialog.tsx').then((module) => ({
    default: module.CreatePostDialog,
  })),
);

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

const listFilterOf = (params: URLSearchParams): PostListFilter => ({
  sort: oneOf(communitySorts, params.get('sort')) ?? DEFAULT_COMMUNITY_SORT,
  topic: oneOf(communityTopics, params.get('topic')),
});

/** The search in the address (?q=…), trimmed; '' when there is none. */
const searchOf = (params: URLSearchParams): string => params.get('q')?.trim() ?? '';

/**
 * The list (or the search's results) comes with the page, and so does the sidebar's founding day
 * (the operator's, D30). The sidebar's figures do not: who is online changes by the minute, unlike
 * a kept page (docs/decisions/016), so the browser asks for them.
 */
export const handle: PublicPageHandle = {
  prefetch: (queryClient, { searchParams }) => {
    const search = searchOf(searchParams);
    return Promise.all([
      search
        ? queryClient.fetchInfiniteQuery(communitySearchQueryOptions(search))
        : queryClient.fetchInfiniteQuery(communityPostsQueryOptions(listFilterOf(searchParams))),
      queryClient.fetchQuery(datedWordsQueryOptions()),
    ]);
  },
};

/**
 * Sort, topic and search live in the address (?sort=top&topic=mining, ?q=…), so Back and a shared
 * link keep them. A search keeps the sort and topic beside it, to return to when it is cleared.
 */
function useListFilter() {
  const [params, setParams] = useSearchParams();
  const filter = listFilterOf(params);
  const update = (next: PostListFilter) => {
    const query = new URLSearchParams();
    if (next.sort !== DEFAULT_COMMUNITY_SORT) query.set('sort', next.sort);
    if (next.topic) query.set('topic', next.topic);
    // Keep the view where it is: the list changes below the controls the user just used.
    setParams(query, { preventScrollReset: true });
  };
  const setSearch = (search: string) => {
    const query = new URLSearchParams(params);
    if (search) query.set('q', search);
    else query.delete('q');
    setParams(query, { preventScrollReset: true });
  };
  return {
    filter,
    search: searchOf(params),
    setSearch,
    setSort: (sort: CommunitySort) => update({ ...filter, sort }),
    setTopic: (topic: CommunityTopic | null) => update({ ...filter, topic }),
  };
}

export function Component() {
  useDocumentTitle(pageTitles.community);
  useScrollToTop();
  // undefined while the session is being checked: nothing is offered or refused yet.
  const signedIn = useSignedIn();
  const banned = useBanned();
  const { filter, search, setSearch, setSort, setTopic } = useListFilter();
  const searchBox = useRef<HTMLInputElement>(null);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:px-8 lg:pt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{communityMessages.title}</h1>
        {banned ? (
          <Button disabled aria-describedby={BANNED_NOTICE_ID}>
            <Plus aria-hidden="true" className="size-4" />
            {communityMessages.createPost}
          </Button>
        ) : signedIn ? (
          <BrowserOnly>
            <CreatePostDialog />
          </BrowserOnly>
        ) : null}
      </div>
      {banned ? (
        <div className="mt-6">
          <BannedNotice />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <section aria-label="Posts" className="grid content-start gap-4">
          <SearchForm query={search} onSearch={setSearch} inputRef={searchBox} />
          {search ? (
            <SearchResults
              query={search}
              onClear={() => {
                setSearch('');
                // The button goes with the results: the focus goes back to the box.
                searchBox.current?.focus();
              }}
            />
          ) : (
            <>
              <ListControls filter={filter} onSortChange={setSort} onTopicChange={setTopic} />
              <PostList filter={filter} />
            </>
          )}
        </section>
        <CommunitySidebar />
      </div>
    </div>
  );
}
