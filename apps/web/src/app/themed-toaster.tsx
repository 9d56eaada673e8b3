import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../hooks/use-theme.ts';

/** sonner's own phone layout (toasts as wide as the screen) starts below this width. */
const PHONE_QUERY = '(max-width: 600px)';

function subscribeToPhone(listener: () => void): () => void {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const onPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Toasts follow the app's light or dark theme, not only the system's. On a wide screen they rise
 * in the bottom-right corner, beside the page's column of forms. On a phone a toast is as wide as
 * the screen, and at the bottom it lay over the form's last controls (a checkbox, a Save, the
 * recovery codes' Download) just when they were used: there it drops over the top bar, which
 * holds only navigation, and a swipe or its close button clears it.
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  const phone = useSyncExternalStore(subscribeToPhone, onPhone, () => false);
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: 8, left: 8, right: 8 }}
    />
  );
}
