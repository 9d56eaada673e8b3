import type { Message, TokenBody } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const verifyEmail = (body: TokenBody) =>
  apiRequest<Message>('/auth/verify-email', { method: 'POST', body });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
