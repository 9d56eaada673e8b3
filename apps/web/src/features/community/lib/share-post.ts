import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { absoluteUrl } from '#web/lib/absolute-url.ts';
import { toast } from '#web/lib/toast.ts';

export const postLink = (id: string): string => absoluteUrl(paths.communityPost.getHref(id));

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(communityMessages.linkCopied);
  } catch {
    toast.error('Failed to copy');
  }
}

/**
 * D17: Share opens the system share sheet where there is one, else copies the post's address. A
 * user who closes the sheet has changed their mind: nothing is said.
 */
export async function sharePost(post: { id: string; title: string }): Promise<void> {
  const link = postLink(post.id);
  if (typeof navigator.share !== 'function') {
    await copyLink(link);
    return;
  }
  try {
    await navigator.share({ title: post.title, url: link });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    await copyLink(link);
  }
}
