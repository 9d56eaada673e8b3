import type { PasskeyList } from '@btcp/shared/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const passkeysQueryKey = ['passkeys'] as const;

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => apiRequest<PasskeyList>('/account/passkeys', { signal }),
  });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
