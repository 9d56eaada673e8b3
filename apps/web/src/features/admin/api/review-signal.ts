import type { BanSignalBody, DismissSignalBody } from '@btcp/shared/signals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminUsersKey } from './get-admin-users.ts';
import { signalsKey } from './get-signals.ts';

interface ReviewResult {
  message: string;
  accounts: number;
}

export const banSignal = (body: BanSignalBody) =>
  apiRequest<ReviewResult>('/admin/signals/ban', { method: 'POST', body });

export const dismissSignal = (body: DismissSignalBody) =>
  apiRequest<ReviewResult>('/admin/signals/dismiss', { method: 'POST', body });

/** "Ban all" or "Looks fine"; the clusters and the users list are read again afterwards. */
export function useReviewSignal() {
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: signalsKey });
    void queryClient.invalidateQueries({ queryKey: adminUsersKey });
  };
  return {
    ban: useMutation({ mutationFn: banSignal, onSettled: settled }),
    dismiss: useMutation({ mutationFn: dismissSignal, onSettled: settled }),
  };
}
