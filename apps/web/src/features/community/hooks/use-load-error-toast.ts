import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Spec §8: a failed load shows its toast ('Error loading posts: Could not load community posts.
 * Please try again.') once per failure; the fixed id keeps a double-run effect from stacking two.
 */
export function useLoadErrorToast(
  title: string,
  description: string,
  failed: boolean,
  errorUpdatedAt: number,
): void {
  useEffect(() => {
    if (!failed || !errorUpdatedAt) return;
    toast.error(title, { id: `${title}:${errorUpdatedAt}`, description });
  }, [title, description, failed, errorUpdatedAt]);
}
