import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { useTheme } from '../lib/use-theme.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

/**
 * Toasts follow the app's light or dark theme, not only the system's, and rise from the bottom,
 * where they cover none of the header's controls at any width.
 */
function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="bottom-right" />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ThemedToaster />
    </QueryClientProvider>
  );
}
