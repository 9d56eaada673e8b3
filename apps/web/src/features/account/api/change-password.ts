import type { ChangePasswordBody } from '@btcp/shared/account';
import type { Message } from '@btcp/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<Message>('/account/password', { method: 'POST', body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ends this account's other sessions: the session answer and the session list
    // shown on the page are asked for afresh.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
