import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a network blip or 5xx may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
      },
    },
  });
}
