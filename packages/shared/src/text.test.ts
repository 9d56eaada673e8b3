import { describe, expect, it } from 'vitest';
import { cutText, isLongerThan } from './text.ts';

describe('cutText', () => {
  it('keeps a text that fits, whole', () => {
    expect(cutText('short', 140)).toBe('short');
    expect(cutText('😀'.repeat(70), 140)).toBe('😀'.repeat(70));
  });

  it('never ends inside a surrogate pair, at any length', () => {
    const text = `a${'😀'.repeat(100)}`;
    for (let max = 0; max <= 101; max++) {
      const cut = cutText(text, max);
      expect(cut.isWellFormed(), `max ${max}`).toBe(true);
      expect([...cut].length, `max ${max}`).toBe(max);
    }
  });

  it('never ends inside a grapheme: a family, a flag, an accent', () => {
    const family = '👨‍👩‍👧';
    const flag = '🇫🇷';
    const accented = 'e\u0301';
    for (const grapheme of [family, flag, accented]) {
      const text = `${'a'.repeat(139)}${grapheme} ok`;
      expect(cutText(text, 140)).toBe('a'.repeat(139));
      expect(cutText(text, 139 + [...grapheme].length)).toBe(`${'a'.repeat(139)}${grapheme}`);
    }
  });

  it('says whether it cut anything', () => {
    expect(isLongerThan('abc', 3)).toBe(false);
    expect(isLongerThan('abcd', 3)).toBe(true);
    expect(isLongerThan('😀😀', 2)).toBe(false);
  });
});
