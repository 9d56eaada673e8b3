import { type CommunityPost, communityApi } from '@btcp/shared/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export const getCommunityPost = (id: string, signal?: AbortSignal) =>
  apiRequest<CommunityPost>(communityApi.post(id), { signal });

export const communityPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.post(id),
    queryFn: ({ signal }) => getCommunityPost(id, signal),
  });

export const useCommunityPost = (id: string) => useQuery(communityPostQueryOptions(id));
