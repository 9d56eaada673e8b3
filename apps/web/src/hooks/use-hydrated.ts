import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates a page the server rendered, true after (and
 * in every render that is not a hydration). What only the browser can show (a lazily loaded part,
 * the reader's own time zone) waits for it, so hydration finds the server's markup exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
