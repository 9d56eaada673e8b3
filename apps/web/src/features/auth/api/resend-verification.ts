import type { Message } from '@btcp/shared/auth';
import type { ProvenEmailBody } from '@btcp/shared/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const resendVerification = (body: ProvenEmailBody) =>
  apiRequest<Message>('/auth/resend-verification', { method: 'POST', body });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
