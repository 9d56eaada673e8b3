import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The status badges (a wallet's Referral, a blog post's Published, two-factor On) write a colour
 * token on a 10% tint of itself: WCAG AA asks 4.5:1 of their small text, on a card and on a muted
 * row, in both themes. Read from the stylesheet itself, so a token changed there is checked here.
 */
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

function tokens(selector: ':root' | '.dark'): Record<string, string> {
  const block = new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  );
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
const luminance = (channels: number[]) => {
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: number[], b: number[]) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
};
const tint = (colour: number[], over: number[]) =>
  colour.map((c, i) => c * 0.1 + (over[i] ?? 0) * 0.9);

describe('badge colours', () => {
  for (const theme of [':root', '.dark'] as const) {
    for (const tone of ['success', 'destructive']) {
      it(`${tone} text on its own tint reaches 4.5:1 in ${theme === ':root' ? 'light' : 'dark'}`, () => {
        const t = tokens(theme);
        expect(t[tone], 'the token is in the stylesheet').toMatch(/^#/);
        const text = rgb(t[tone] ?? '#000000');
        for (const under of ['card', 'muted', 'background']) {
          expect(ratio(text, tint(text, rgb(t[under] ?? '#ffffff'))), under).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      });
    }
  }
});
