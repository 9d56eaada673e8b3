import { render } from '@testing-library/react';
import { Toaster, toast } from 'sonner';

/**
 * Mounts the toast area as the app does. Sonner keeps toasts in a module-wide store and replays
 * them to a new Toaster, so the previous test's toasts are dismissed first.
 */
export function renderToaster() {
  toast.dismiss();
  return render(<Toaster />);
}
