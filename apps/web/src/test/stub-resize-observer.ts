import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Radix's checkbox and radio group measure themselves with one. */
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
