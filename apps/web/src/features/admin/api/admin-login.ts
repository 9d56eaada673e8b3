import type { AdminLoginBody } from '@btcp/shared/admin';
import type { AdminLoginResult, TwoFactorSignInBody } from '@btcp/shared/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export type { AdminLoginResult };

/** The password step: the admin session, or (two-factor on, decision 027) `twoFactorRequired`. */
export const adminLogin = (body: AdminLoginBody) =>
  apiRequest<AdminLoginResult>('/admin-auth/login', { method: 'POST', body });

export const adminLoginWithSecondFactor = (body: TwoFactorSignInBody) =>
  apiRequest<AdminLoginResult>('/admin-auth/login/two-factor', { method: 'POST', body });

function useAdminSignIn<Body>(mutationFn: (body: Body) => Promise<AdminLoginResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Who is signed in changed, so every cached answer (the session above all) is out of date. Not
    // awaited: the fresh session redirects away from the form, and the caller's toast must come first.
    onSuccess: (result) => {
      if (result.admin) void queryClient.invalidateQueries();
    },
  });
}

export const useAdminLogin = () => useAdminSignIn(adminLogin);
export const useAdminLoginWithSecondFactor = () => useAdminSignIn(adminLoginWithSecondFactor);
