import type { MiningSettings } from '@btcp/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { miningSettingsQueryOptions } from './get-mining-settings.ts';

/** Saves the mining rules; the server audits the change and answers with what it stored. */
export const updateMiningSettings = (settings: MiningSettings) =>
  apiRequest<MiningSettings>('/admin/settings/mining', { method: 'PUT', body: settings });

export function useUpdateMiningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMiningSettings,
    onSuccess: (saved) => queryClient.setQueryData(miningSettingsQueryOptions().queryKey, saved),
  });
}
