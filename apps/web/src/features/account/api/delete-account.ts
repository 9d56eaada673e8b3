import type { DeleteAccountBody } from '@btcp/shared/account-lifecycle';
import type { Message } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Deletes the account and signs out everywhere (decision 029); the goodbye page forgets the rest. */
export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest<Message>('/account/delete', { method: 'POST', body });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
