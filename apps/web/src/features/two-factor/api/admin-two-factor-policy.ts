import type { AdminTwoFactorPolicy } from '@btcp/shared/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

const policyQueryKey = ['admin', 'settings', 'two-factor'] as const;
const PATH = '/admin/settings/two-factor';

export const adminTwoFactorPolicyQueryOptions = () =>
  queryOptions({
    queryKey: policyQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminTwoFactorPolicy>(PATH, { signal }),
  });

export const useAdminTwoFactorPolicy = () => useQuery(adminTwoFactorPolicyQueryOptions());

export function useUpdateAdminTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTwoFactorPolicy) =>
      apiRequest<AdminTwoFactorPolicy>(PATH, { method: 'PUT', body }),
    onSuccess: (policy) => queryClient.setQueryData(policyQueryKey, policy),
  });
}
