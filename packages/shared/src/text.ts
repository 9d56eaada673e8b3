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
