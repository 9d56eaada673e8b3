import type { Message, RegisterBody } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const register = (body: RegisterBody) =>
  apiRequest<Message>('/auth/register', { method: 'POST', body });

export const useRegister = () => useMutation({ mutationFn: register });
