import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Radix's radio group measures its items with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
