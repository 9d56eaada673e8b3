import { toast as sonnerToast } from 'sonner';
import { announceToast } from './toast-signal.ts';

type Toast = typeof sonnerToast;

/**
 * sonner's `toast`, which also asks the app for its toaster on the first call; sonner shows the
 * new toaster every toast raised before it mounted. Import this, not 'sonner'.
 */
export const toast: Pick<Toast, 'success' | 'error' | 'info' | 'dismiss'> &
  ((...args: Parameters<Toast>) => ReturnType<Toast>) = Object.assign(
  (...args: Parameters<Toast>) => {
    announceToast();
    return sonnerToast(...args);
  },
  {
    success: (...args: Parameters<Toast['success']>) => {
      announceToast();
      return sonnerToast.success(...args);
    },
    error: (...args: Parameters<Toast['error']>) => {
      announceToast();
      return sonnerToast.error(...args);
    },
    info: (...args: Parameters<Toast['info']>) => {
      announceToast();
      return sonnerToast.info(...args);
    },
    dismiss: sonnerToast.dismiss,
  },
);
