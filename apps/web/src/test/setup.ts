import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** What `prefers-color-scheme` and `prefers-reduced-motion` answer in a test; change per test. */
export const mediaPreferences = { dark: false, reducedMotion: false };

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return mediaPreferences.dark;
  if (query.includes('prefers-reduced-motion: reduce')) return mediaPreferences.reducedMotion;
  return false;
}

// Waits for what a user would see, long enough for a loaded CI machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout engine: no media queries, no canvas, no scrolling. These stand in for them.
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
  // jsdom has no pointer capture; sonner captures the pointer when a toast (or its Undo) is pressed.
  Element.prototype.setPointerCapture = vi.fn();
  Element.prototype.releasePointerCapture = vi.fn();
  Element.prototype.hasPointerCapture = vi.fn(() => false);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // Sonner fades a toast in from opacity 0 and hides the content of toasts stacked behind the
  // newest; neither animation nor hover runs here, so a shown toast counts as shown at once.
  // (jsdom's cascade has no specificity: a rule added after sonner's own wins.)
  const toastsShown = document.createElement('style');
  toastsShown.dataset.test = 'toasts-shown';
  toastsShown.textContent = '[data-sonner-toast], [data-sonner-toast] > * { opacity: 1; }';
  document.head.append(toastsShown);
});

afterEach(() => {
  cleanup();
  document.head.querySelector('style[data-test="toasts-shown"]')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  mediaPreferences.dark = false;
  mediaPreferences.reducedMotion = false;
});
