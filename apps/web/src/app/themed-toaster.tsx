import { Toaster } from 'sonner';
import { useTheme } from '../hooks/use-theme.ts';

/**
 * Toasts follow the app's light or dark theme, not only the system's, and rise from the bottom,
 * where they cover none of the header's controls at any width.
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="bottom-right" />;
}
