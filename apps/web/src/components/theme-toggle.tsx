import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../hooks/use-theme.ts';
import { Button } from './ui/button.tsx';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label="Toggle theme"
      title={`Switch to ${next} theme`}
      // Pressed before the app has taken a server-rendered page over, public/first-paint.js
      // switches the theme itself.
      data-theme-toggle
    >
      {theme === 'dark' ? <Sun className="size-5" /> : <Moon className="size-5" />}
    </Button>
  );
}
