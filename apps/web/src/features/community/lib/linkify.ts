export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string };

/** http(s) addresses up to the next space or a character that cannot be part of one in prose. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence around a link rather than the link itself. */
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/;

/** Drops trailing punctuation and a closing bracket the address did not open: "(see https://a.b/x)". */
function trimLink(candidate: string): string {
  let link = candidate.replace(TRAILING_PUNCTUATION, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (link.endsWith(close) && link.split(open).length < link.split(close).length) {
      link = link.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
    }
  }
  return link;
}

function safeHref(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * D14: splits plain text into text and http(s) links. Nothing is ever read as HTML: the parts are
 * rendered as React text and anchors, so `<b>` stays the four characters a user typed.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = trimLink(match[0]);
    const href = safeHref(link);
    if (!href) continue;
    pushText(text.slice(rest, match.index));
    parts.push({ kind: 'link', text: link, href });
    rest = match.index + link.length;
  }
  pushText(text.slice(rest));
  return parts;
}

/** D14: a post or comment is shown as paragraphs, split at line breaks; blank lines add nothing. */
export function toParagraphs(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
}
