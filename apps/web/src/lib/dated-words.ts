import { type DatedWords, datedWordsApi } from '@btcp/shared/dated-words';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * D30: the operator's dated words (when mining starts, the landing figures, the roadmap, the
 * community's founding day), which the landing and community pages render on the server.
 */
export const datedWordsQueryOptions = () =>
  queryOptions({
    queryKey: ['dated-words'],
    queryFn: ({ signal }) => apiRequest<DatedWords>(datedWordsApi.read, { signal }),
  });

export const useDatedWords = () => useQuery(datedWordsQueryOptions());
