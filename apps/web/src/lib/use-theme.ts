import { useCallback, useSyncExternalStore } from 'react';
import { getAppliedTheme, setTheme, subscribeToTheme, type Theme } from './theme.ts';
import { useHydrated } from './use-hydrated.ts';

const light = (): Theme => 'light';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggle: () => void } {
  // The server renders the light theme's controls, and hydration keeps them; the page's own theme
  // (set before the first paint by public/first-paint.js) shows straight after.
  const hydrated = useHydrated();
  const theme = useSyncExternalStore(subscribeToTheme, hydrated ? getAppliedTheme : light);
  const toggle = useCallback(() => setTheme(getAppliedTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggle };
}
