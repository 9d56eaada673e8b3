import { apiRequest } from '#web/lib/api-client.ts';
import { getPasskeyAssertion } from '#web/lib/webauthn.ts';

/** Confirms it is the member with one of their passkeys: unlocks the sensitive actions for 10 minutes. */
export async function confirmWithPasskey(): Promise<void> {
  const response = await getPasskeyAssertion(() =>
    apiRequest<unknown>('/account/reauthenticate/passkey/options', { method: 'POST' }),
  );
  await apiRequest<void>('/account/reauthenticate/passkey', { method: 'POST', body: { response } });
}
