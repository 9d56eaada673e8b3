import type { EmailOnlyBody, Message } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const forgotPassword = (body: EmailOnlyBody) =>
  apiRequest<Message>('/auth/forgot-password', { method: 'POST', body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
