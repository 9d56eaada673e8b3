import { useSyncExternalStore } from 'react';
import { renderedAt } from '#web/lib/render-environment.ts';

/** Relative times ('5 minutes ago') move on by themselves; one timer serves every one on screen. */
const TICK_MS = 30_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
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
  // With no timer running (first render of a page) the last value may be old; start afresh.
  if (listeners.size === 0 && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

/** A server-rendered page shows the server's moment until hydrated, then moves to the clock's. */
const getServerSnapshot = (): number => renderedAt() ?? getSnapshot();

/** The current time in milliseconds, refreshed every 30 s while anything shows it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
