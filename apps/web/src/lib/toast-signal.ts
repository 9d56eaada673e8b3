/**
 * Whether any toast has been raised yet: the app mounts the toaster (and loads sonner) on the
 * first one (app/app.tsx), so the first load carries neither. lib/toast.ts raises the toasts and
 * loads sonner for them.
 */
const listeners = new Set<() => void>();
let raised = false;

export function announceToast() {
  if (raised) return;
  raised = true;
  for (const listener of listeners) listener();
}

export const anyToastRaised = () => raised;

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
