import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { anyToastRaised, subscribeToToasts } from '../lib/toast-signal.ts';

const ThemedToaster = lazy(() => import('./themed-toaster.tsx'));

/**
 * The toaster (and sonner) is not part of the first load: it mounts on the first toast raised
 * (lib/toast.ts), and sonner shows it the toasts raised before it arrived.
 */
function ToasterOnFirstToast() {
  const wanted = useSyncExternalStore(subscribeToToasts, anyToastRaised, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

/** Around the router, in the browser (main.tsx) and on the server (entry-server.tsx) alike. */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
