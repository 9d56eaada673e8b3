import { cutText, isLongerThan } from '@btcp/shared';

/**
 * The words of a Markdown text without its marks, for excerpts, feeds and link previews. Not a
 * Markdown parser: it removes the common marks, which is enough for 25 words or 160 characters.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word boundary, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (!isLongerThan(text, max)) return text;
  const cut = cutText(text, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}\u2026`;
}
