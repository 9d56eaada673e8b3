import type { ChangeEmailBody } from '@btcp/shared/account-lifecycle';
import type { Message } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Asks for a link at the new address; nothing changes until it is opened (decision 029). */
export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest<Message>('/account/email', { method: 'POST', body });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
