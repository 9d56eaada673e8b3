import type { MiningSettings } from '@btcp/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const getMiningSettings = (signal?: AbortSignal) =>
  apiRequest<MiningSettings>('/admin/settings/mining', { signal });

export const miningSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'mining'],
    queryFn: ({ signal }) => getMiningSettings(signal),
  });

export const useMiningSettings = () => useQuery(miningSettingsQueryOptions());
