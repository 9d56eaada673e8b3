import type { EmailOnlyBody, Message } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const resendVerification = (body: EmailOnlyBody) =>
  apiRequest<Message>('/auth/resend-verification', { method: 'POST', body });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
