import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';

/**
 * What only the browser shows, typically a lazily loaded part: neither the server nor hydration
 * renders it (docs/decisions/016). A component of its own, so the render that follows hydration
 * redraws this slot alone, never the page around it.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}
