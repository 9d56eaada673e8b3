import type { CommunityPage, CommunityPost } from '@btcp/shared/community';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { communityKeys } from './query-keys.ts';

type PostPages = InfiniteData<CommunityPage, string | null>;

export type CacheSnapshot = [QueryKey, unknown][];

/**
 * A post can be on screen in several lists (each sort and topic) and on its own page; a change made
 * here shows in all of them at once.
 */
export function patchCachedPost(
  queryClient: QueryClient,
  id: string,
  patch: (post: CommunityPost) => CommunityPost,
): void {
  queryClient.setQueriesData<PostPages>({ queryKey: communityKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((post) => (post.id === id ? patch(post) : post)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<CommunityPost>(communityKeys.post(id), (post) =>
    post ? patch(post) : post,
  );
}

/** Stops fetches that could overwrite an optimistic change and keeps what to put back on failure. */
export async function snapshotPost(queryClient: QueryClient, id: string): Promise<CacheSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: communityKeys.lists() }),
    queryClient.cancelQueries({ queryKey: communityKeys.post(id), exact: true }),
  ]);
  return [
    ...queryClient.getQueriesData({ queryKey: communityKeys.lists() }),
    [communityKeys.post(id), queryClient.getQueryData(communityKeys.post(id))],
  ];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot = []): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
