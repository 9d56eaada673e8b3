import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Shows the spec's toast once each time a query fails (`errorUpdatedAt` changes). The id keeps a
 * double-run effect from stacking two of them.
 */
export function useErrorToast(
  error: Error | null,
  errorUpdatedAt: number,
  title: string,
  description?: string,
): void {
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    toast.error(title, { id: `${title}:${errorUpdatedAt}`, description });
  }, [error, errorUpdatedAt, title, description]);
}
