import type { toast as sonnerToast } from 'sonner';
import { announceToast } from './toast-signal.ts';

type Toast = typeof sonnerToast;

// sonner comes with the first toast, as the toaster does (app/app.tsx): a page's first load
// carries neither, and a toast raised meanwhile waits for it (docs/decisions/051).
let sonner: Promise<Toast> | undefined;

function show(raise: (toast: Toast) => void) {
  announceToast();
  sonner ??= import('sonner').then((module) => module.toast);
  void sonner.then(raise);
}

/**
 * sonner's `toast`, which also asks the app for its toaster on the first call; sonner shows the
 * new toaster every toast raised before it mounted. Import this, not 'sonner'.
 */
export const toast = Object.assign(
  (...args: Parameters<Toast>) => show((raise) => raise(...args)),
  {
    success: (...args: Parameters<Toast['success']>) => show((raise) => raise.success(...args)),
    error: (...args: Parameters<Toast['error']>) => show((raise) => raise.error(...args)),
    info: (...args: Parameters<Toast['info']>) => show((raise) => raise.info(...args)),
    // Nothing to dismiss before the first toast has loaded sonner.
    dismiss: (...args: Parameters<Toast['dismiss']>) => {
      void sonner?.then((raise) => raise.dismiss(...args));
    },
  },
);
