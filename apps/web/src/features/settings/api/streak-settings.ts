import type { StreakSettings } from '@btcp/shared/streaks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The admin's "Mining days and streaks" settings (decision 060). */
export const streakSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'streaks'],
    queryFn: ({ signal }) => apiRequest<StreakSettings>('/admin/settings/streaks', { signal }),
  });

export const useStreakSettings = () => useQuery(streakSettingsQueryOptions());

/** Saves them; the server audits the change and answers with what it stored. */
export function useUpdateStreakSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StreakSettings) =>
      apiRequest<StreakSettings>('/admin/settings/streaks', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(streakSettingsQueryOptions().queryKey, saved),
  });
}
