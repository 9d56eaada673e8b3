/**
 * Control characters in user text. PostgreSQL stores them, but they have no place in
 * one line of text (a tab or an escape sequence in a title or an address only hides or garbles what
 * the reader sees), and C0 controls other than tab and line breaks are not allowed in XML, so one
 * of them in a post would make the RSS feed unreadable. U+0000 is refused for every field by the
 * server before any schema runs.
 */
export const textMessages = {
  controlCharacters: 'must not contain control characters (tabs, line breaks or invisible codes)',
  strayControlCharacters: 'must not contain invisible control codes',
} as const;

/** One line: no C0 or C1 control character at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** Several lines: tab, LF and CR are kept; the other C0 controls and DEL are not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` of at most `max` characters (code points, as PostgreSQL counts
 * them) that ends between two graphemes, so no cut leaves half an emoji, half a flag or a letter
 * without its accent. A cut by `slice` can end inside a surrogate pair, which no UTF-8 text or
 * JSON column can store.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  let count = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    let points = 0;
    for (const _ of segment) points++;
    if (count + points > max) break;
    count += points;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** Whether `cutText(text, max)` leaves something out. */
export const isLongerThan = (text: string, max: number): boolean =>
  text.length > max && cutText(text, max).length < text.length;
