import type { SessionState } from '@btcp/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { getPasskeyAssertion } from '#web/lib/webauthn.ts';

/** Any passkey of this site may answer: the person names no account first (decision 028). */
export async function signInWithPasskey(): Promise<SessionState> {
  const response = await getPasskeyAssertion(() =>
    apiRequest<unknown>('/auth/passkey/options', { method: 'POST' }),
  );
  return apiRequest<SessionState>('/auth/passkey/login', { method: 'POST', body: { response } });
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (session) => {
      // As a password sign-in does: nothing cached for the last person at this browser survives.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
