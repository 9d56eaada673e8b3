import type { Account } from '@btcp/shared/account';
import type { LeaderboardOptInBody } from '@btcp/shared/leaderboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { accountQueryKey } from './get-account.ts';

/** D28: "Show me on the leaderboard"; the account comes back with the choice saved. */
export function useShowOnLeaderboard(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaderboardOptInBody) =>
      apiRequest<Account>('/account/leaderboard', { method: 'PUT', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      onChanged?.();
    },
  });
}
