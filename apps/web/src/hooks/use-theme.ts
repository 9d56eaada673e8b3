import { useCallback, useSyncExternalStore } from 'react';
import { getAppliedTheme, setTheme, subscribeToTheme, type Theme } from '../lib/theme.ts';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggle: () => void } {
  const theme = useSyncExternalStore(subscribeToTheme, getAppliedTheme, () => 'light' as const);
  const toggle = useCallback(() => setTheme(getAppliedTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggle };
}
