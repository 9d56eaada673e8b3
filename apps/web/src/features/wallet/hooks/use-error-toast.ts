import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * Shows `title` once each time a query fails (`errorUpdatedAt` changes), with the server's reason
 * when it gave one. The fixed id keeps a double-run effect from stacking two toasts.
 */
export function useErrorToast(title: string, error: Error | null, errorUpdatedAt: number): void {
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    toast.error(title, {
      id: `${title}:${errorUpdatedAt}`,
      description: error instanceof ApiRequestError ? error.message : undefined,
    });
  }, [title, error, errorUpdatedAt]);
}
