import type { SessionState } from '@btcp/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { forgetSignedInData } from './forget-signed-in-data.ts';

export const logout = () => apiRequest<void>('/auth/logout', { method: 'POST' });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetSignedInData(queryClient);
      // The admin session is a separate cookie (D3) and outlives the user's logout.
      queryClient.setQueryData<SessionState>(sessionQueryKey, (current) => ({
        user: null,
        admin: current?.admin ?? null,
      }));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
