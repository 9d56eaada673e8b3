import type { AdminLoginBody } from '@btcp/shared/admin';
import type { SessionState } from '@btcp/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export interface AdminLoginResult {
  admin: NonNullable<SessionState['admin']>;
}

export const adminLogin = (body: AdminLoginBody) =>
  apiRequest<AdminLoginResult>('/admin-auth/login', { method: 'POST', body });

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    // Who is signed in changed, so every cached answer (the session above all) is out of date. Not
    // awaited: the fresh session redirects away from the form, and the caller's toast must come first.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
