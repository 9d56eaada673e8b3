import {
  type NotificationsPage,
  notificationsApi,
  type UnreadCount,
} from '@btcp/shared/notifications';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const unreadCountQueryKey = ['notifications', 'unread'] as const;
export const notificationsQueryKey = ['notifications', 'list'] as const;

export const getUnreadCount = (signal?: AbortSignal) =>
  apiRequest<UnreadCount>(notificationsApi.unread, { signal });

/** The bell's count: kept current by the event stream (app/layouts/live-updates.tsx). */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
  });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());

/** A live count from the server's event stream replaces the cached one. */
export function setUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(unreadCountQueryKey, { unread });
}

export const getNotifications = (cursor: string | null, signal?: AbortSignal) => {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest<NotificationsPage>(`${notificationsApi.list}${query}`, { signal });
};

/** Newest first, one page at a time. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 0,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/** Marks the cached notices read (one, or all when `id` is null) without a refetch. */
function markCachedRead(queryClient: QueryClient, id: string | null) {
  const readAt = new Date().toISOString();
  queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationsQueryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              (id === null || item.id === id) && !item.readAt ? { ...item, readAt } : item,
            ),
          })),
        }
      : data,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<UnreadCount>(notificationsApi.read(id), { method: 'POST' }),
    onSuccess: (result, id) => {
      markCachedRead(queryClient, id);
      setUnreadCount(queryClient, result.unread);
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>(notificationsApi.readAll, { method: 'POST' }),
    onSuccess: (result) => {
      markCachedRead(queryClient, null);
      setUnreadCount(queryClient, result.unread);
    },
  });
}
