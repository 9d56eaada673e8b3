import { useEffect } from 'react';

/** Both community pages open at the top (again when one post's page opens another). */
export function useScrollToTop(key?: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the point, a new page scrolls up
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
}
