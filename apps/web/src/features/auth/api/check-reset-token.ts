import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const checkResetToken = (token: string, signal?: AbortSignal) =>
  apiRequest<{ valid: true }>('/auth/reset-password/check', {
    method: 'POST',
    body: { token },
    signal,
  });

/** Whether a reset link's token still works; asked once per token, never retried (a 400 is final). */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asks only when there is a token; without one the link is plainly unusable. */
export const useResetTokenCheck = (token: string) =>
  useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
