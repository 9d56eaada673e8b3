import { type PushSettings, pushApi } from '@btcp/shared/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The admin's "Push notifications" switch (decision 063). */
export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'push'],
    queryFn: ({ signal }) => apiRequest<PushSettings>(pushApi.adminSettings, { signal }),
  });

export const usePushSettings = () => useQuery(pushSettingsQueryOptions());

/** Saves it; the server audits the change and answers with what it stored. */
export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettings) =>
      apiRequest<PushSettings>(pushApi.adminSettings, { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(pushSettingsQueryOptions().queryKey, saved),
  });
}
