import type { Passkey } from '@btcp/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { createPasskey } from '#web/lib/webauthn.ts';
import { passkeysQueryKey } from './get-passkeys.ts';

/**
 * Options from the server (which may first ask for the password: decision 025), the browser's
 * passkey, and the server keeping it; the server names it after this browser.
 */
export async function addPasskey(): Promise<Passkey> {
  const response = await createPasskey(() =>
    apiRequest<unknown>('/account/passkeys/registration-options', { method: 'POST' }),
  );
  return apiRequest<Passkey>('/account/passkeys', { method: 'POST', body: { response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
