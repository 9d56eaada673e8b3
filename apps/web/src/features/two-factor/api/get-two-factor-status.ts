import type { TwoFactorStatus } from '@btcp/shared/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type TwoFactorOwner, twoFactorPath, twoFactorQueryKey } from './owner.ts';

export const twoFactorStatusQueryOptions = (owner: TwoFactorOwner) =>
  queryOptions({
    queryKey: twoFactorQueryKey(owner),
    queryFn: ({ signal }) => apiRequest<TwoFactorStatus>(twoFactorPath(owner), { signal }),
  });

export const useTwoFactorStatus = (owner: TwoFactorOwner) =>
  useQuery(twoFactorStatusQueryOptions(owner));
