import type { LoginBody } from '@btcp/shared/auth';
import type { LoginResult, TwoFactorSignInBody } from '@btcp/shared/two-factor';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { recordSignIn } from '../lib/first-sign-in.ts';
import { forgetSignedInData } from './forget-signed-in-data.ts';

/** The password step: the session, or (two-factor on, decision 027) `twoFactorRequired`. */
export const login = (body: LoginBody) =>
  apiRequest<LoginResult>('/auth/login', { method: 'POST', body });

/** The second step: a code from the app or a recovery code starts the session. */
export const loginWithSecondFactor = (body: TwoFactorSignInBody) =>
  apiRequest<LoginResult>('/auth/login/two-factor', { method: 'POST', body });

function signedIn(queryClient: QueryClient, session: LoginResult) {
  // A password step that asks for a code has signed no one in yet.
  if (session.twoFactorRequired) return;
  forgetSignedInData(queryClient);
  if (session.user) recordSignIn(session.user.id, session.firstSignIn === true);
  queryClient.setQueryData(sessionQueryKey, { user: session.user, admin: session.admin });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => signedIn(queryClient, session),
  });
}

export function useLoginWithSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithSecondFactor,
    onSuccess: (session) => signedIn(queryClient, session),
  });
}
