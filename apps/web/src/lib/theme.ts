/**
 * Light or dark theme: the saved choice, else the system's. `public/first-paint.js` applies the same
 * rule before first paint, with the same storage key; this module keeps it in step afterwards.
 */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'btcp-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

export function readSavedTheme(): Theme | null {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : null;
  } catch {
    // Storage can be blocked (privacy settings); the system theme still applies.
    return null;
  }
}

function saveTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Blocked storage: the choice lasts for this page only, which beats failing.
  }
}

export function getSystemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

export function getPreferredTheme(): Theme {
  return readSavedTheme() ?? getSystemTheme();
}

/** The theme on screen now, read from <html> so it always agrees with what the user sees. */
export function getAppliedTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Applies and saves a theme chosen by the user. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  saveTheme(theme);
  notify();
}

/**
 * Subscribes to theme changes: the user's choice, the system theme (only while nothing is saved) and
 * a choice made in another tab.
 */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const followSystem = () => {
    if (readSavedTheme()) return;
    applyTheme(getSystemTheme());
    listener();
  };
  const followOtherTab = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(getPreferredTheme());
    listener();
  };
  media?.addEventListener('change', followSystem);
  window.addEventListener('storage', followOtherTab);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', followSystem);
    window.removeEventListener('storage', followOtherTab);
  };
}
