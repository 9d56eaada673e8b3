import { COMMUNITY_EXCERPT_CHARS, communityMessages } from '@btcp/shared/community';
import { cutText, isLongerThan } from '@btcp/shared/text';
import { formatCount } from '#web/lib/format.ts';

/** A card without an image shows the first 150 characters, with '...' when cut. */
export function excerpt(content: string, limit = COMMUNITY_EXCERPT_CHARS): string {
  const cut = cutText(content, limit);
  return cut.length < content.length ? `${cut}...` : content;
}

/** Whether `excerpt` cuts this text, so 'Read more' is offered only when there is more. */
export const isCut = (content: string, limit = COMMUNITY_EXCERPT_CHARS): boolean =>
  isLongerThan(content, limit);

/** '1 Comment', '0 Comments', '12 Comments'. */
export const commentsLabel = (value: number): string =>
  `${formatCount(value)} ${value === 1 ? communityMessages.comments.replace(/s$/, '') : communityMessages.comments}`;

/**
 * Pages joined into one list, each item once: an item can move from one page's request to the next
 * (votes change Hot and Top, a new comment shifts the rest).
 */
export function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
