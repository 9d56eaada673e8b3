import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { passkeysQueryKey } from './get-passkeys.ts';

export const removePasskey = (id: string) =>
  apiRequest<void>(`/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
