import type { LoginBody } from '@btcp/shared/auth';
import type { SessionState } from '@btcp/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { forgetSignedInData } from './forget-signed-in-data.ts';

export const login = (body: LoginBody) =>
  apiRequest<SessionState>('/auth/login', { method: 'POST', body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      forgetSignedInData(queryClient);
      queryClient.setQueryData(sessionQueryKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
