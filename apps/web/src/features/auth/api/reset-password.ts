import type { Message, ResetPasswordBody } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<Message>('/auth/reset-password', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
