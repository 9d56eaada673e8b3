import type { Account, UpdateProfileBody } from '@btcp/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

/** The username asked for before a first post or comment: the account's own setting. */
export const chooseUsername = (body: UpdateProfileBody) =>
  apiRequest<Account>('/account', { method: 'PATCH', body });

/**
 * Saving it renames the member's earlier words wherever they are loaded, and the Settings page
 * (its query is the account feature's own, keyed ['account']) reads it afresh. The save ends once
 * those reads have answered: the words waiting for the name go after them, so no read from before
 * the words is still under way when they are added to the thread.
 */
export function useChooseUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseUsername,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['account'] }),
        queryClient.invalidateQueries({ queryKey: communityKeys.all }),
      ]),
  });
}
