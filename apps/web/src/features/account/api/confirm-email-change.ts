import type { ConfirmEmailChangeBody, ConfirmedEmailChange } from '@btcp/shared/account-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const confirmEmailChange = (body: ConfirmEmailChangeBody) =>
  apiRequest<ConfirmedEmailChange>('/account/email/confirm', { method: 'POST', body });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // This browser may be signed in to the account: its address changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
