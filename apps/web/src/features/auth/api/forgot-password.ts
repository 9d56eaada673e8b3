import type { Message } from '@btcp/shared/auth';
import type { ProvenEmailBody } from '@btcp/shared/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const forgotPassword = (body: ProvenEmailBody) =>
  apiRequest<Message>('/auth/forgot-password', { method: 'POST', body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
