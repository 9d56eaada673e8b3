import type { Passkey } from '@btcp/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { passkeysQueryKey } from './get-passkeys.ts';

export const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  apiRequest<Passkey>(`/account/passkeys/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name },
  });

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
