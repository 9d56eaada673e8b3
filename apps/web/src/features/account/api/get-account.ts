import type { Account } from '@btcp/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const accountQueryKey = ['account'] as const;

export const getAccount = (signal?: AbortSignal) => apiRequest<Account>('/account', { signal });

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount(signal) });

export const useAccount = () => useQuery(accountQueryOptions());
