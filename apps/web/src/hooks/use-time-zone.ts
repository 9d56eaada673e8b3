import { useHydrated } from './use-hydrated.ts';

/**
 * The time zone dates are shown in: the browser's own (undefined), except on the server and while
 * a page it rendered hydrates, when it is UTC, the server's, so the text matches; React renders
 * again with the browser's zone straight after hydrating.
 */
export function useTimeZone(): 'UTC' | undefined {
  return useHydrated() ? undefined : 'UTC';
}
