import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** A 4xx will not change by asking again; a network blip or 5xx may: asked up to twice more. */
export const retryUnlessRefused = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500);

/** The server's renderer asks once (`retry: false`): a failed read sends the app's shell instead. */
export function createQueryClient(options: { retry?: false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: options.retry ?? retryUnlessRefused,
      },
    },
  });
}
