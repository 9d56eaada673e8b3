import { type DatedWords, datedWordsApi } from '@btcp/shared/dated-words';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { datedWordsQueryOptions } from '#web/lib/dated-words.ts';

/** The admin's "Dated words" settings (D30), read from the admin scope. */
export const datedWordsSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'dated-words'],
    queryFn: ({ signal }) => apiRequest<DatedWords>(datedWordsApi.settings, { signal }),
  });

export const useDatedWordsSettings = () => useQuery(datedWordsSettingsQueryOptions());

/**
 * Saves them; the server audits the change and answers with what it stored, which the public
 * pages in this tab show from then on too.
 */
export function useUpdateDatedWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: DatedWords) =>
      apiRequest<DatedWords>(datedWordsApi.settings, { method: 'PUT', body: words }),
    onSuccess: (saved) => {
      queryClient.setQueryData(datedWordsSettingsQueryOptions().queryKey, saved);
      queryClient.setQueryData(datedWordsQueryOptions().queryKey, saved);
    },
  });
}
