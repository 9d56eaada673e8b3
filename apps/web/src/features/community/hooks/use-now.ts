import { useSyncExternalStore } from 'react';
import { renderedAt } from '../../../lib/render-environment.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** Relative times ('5 minutes ago') move on by themselves; one timer serves every one on screen. */
const TICK_MS = 30_000;
/** How old the time read by a first render (no timer running yet) may be. */
const FRESH_MS = 1_000;

const listeners = new Set<() => void>();
/** Read at the first render, not when this module loads. */
let now = 0;
let timer: number | undefined;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    timer = window.setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.clearInterval(timer);
  };
}

function getSnapshot(): number {
  // With no timer running (the first render of a page) the last value may be old: start afresh,
  // keeping one value for the renders of the same moment.
  if (listeners.size === 0 && Date.now() - now >= FRESH_MS) now = Date.now();
  return now;
}

/**
 * The current time in milliseconds, refreshed every 30 s while anything shows it. A page the server
 * rendered shows the server's moment until hydrated, then moves to the clock's.
 */
export function useNow(): number {
  const hydrated = useHydrated();
  const now = useSyncExternalStore(subscribe, getSnapshot);
  return hydrated ? now : (renderedAt() ?? now);
}
