import type { Message } from '@btcp/shared/auth';
import type { RegisterRequest } from '@btcp/shared/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const register = (body: RegisterRequest) =>
  apiRequest<Message>('/auth/register', { method: 'POST', body });

export const useRegister = () => useMutation({ mutationFn: register });
