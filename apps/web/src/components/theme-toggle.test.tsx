import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyTheme, getPreferredTheme, THEME_STORAGE_KEY } from '../lib/theme.ts';
import { mediaPreferences } from '../test/setup.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const html = document.documentElement;

describe('ThemeToggle', () => {
  it('is a button named "Toggle theme"', () => {
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('switches light to dark and back, saving each choice', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });
    expect(html).not.toHaveClass('dark');

    await user.click(toggle);
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(toggle).toHaveAttribute('title', 'Switch to light theme');

    await user.click(toggle);
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('starts from the theme already on the page', async () => {
    const user = userEvent.setup();
    act(() => applyTheme('dark'));
    render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(html).not.toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

describe('getPreferredTheme', () => {
  it('follows the system when nothing is saved', () => {
    mediaPreferences.dark = true;
    expect(getPreferredTheme()).toBe('dark');
    mediaPreferences.dark = false;
    expect(getPreferredTheme()).toBe('light');
  });

  it('prefers a saved choice over the system', () => {
    mediaPreferences.dark = true;
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(getPreferredTheme()).toBe('light');
  });

  it('ignores a saved value that is not a theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(getPreferredTheme()).toBe('light');
  });
});
