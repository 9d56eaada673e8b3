import type { Account, UpdateProfileBody } from '@btcp/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { accountQueryKey } from './get-account.ts';

export const updateProfile = (body: UpdateProfileBody) =>
  apiRequest<Account>('/account', { method: 'PATCH', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
