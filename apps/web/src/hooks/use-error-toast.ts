import { useEffect } from 'react';
import { ApiRequestError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';

/** The server's reason for a failure, when it gave one. */
const serverReason = (error: Error | null) =>
  error instanceof ApiRequestError ? error.message : undefined;

/**
 * Shows `title` as an error toast once each time a query fails (`errorUpdatedAt` changes), with
 * `description` under it: by default the server's reason, when it gave one. Pass a null `error` for a
 * failure the page shows in its own way (a not-found page, say). The fixed id keeps a double-run
 * effect from stacking two toasts.
 */
export function useErrorToast(
  title: string,
  error: Error | null,
  errorUpdatedAt: number,
  description: string | undefined = serverReason(error),
): void {
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    toast.error(title, { id: `${title}:${errorUpdatedAt}`, description });
  }, [title, description, error, errorUpdatedAt]);
}
