import { cutText, type ModerationAction, NOTICE_EXCERPT_CHARS, type Staff } from '@btcp/shared';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { moderationLog } from '#server/db/schema.ts';
import { notify } from '#server/modules/notifications/index.ts';

/**
 * The moderation actions the log knows (listed in @btcp/shared, where both log pages word them).
 * Content actions (post.*, comment.*) also notify the member whose content it was, with the reason.
 */
export { type ModerationAction, moderationActions } from '@btcp/shared';

export interface ModerationEntry {
  action: ModerationAction;
  target: { type: 'post' | 'comment' | 'user'; id: string };
  /** The member whose content or account it was; null when unknown (e.g. a deleted account). */
  targetUserId: string | null;
  /** What the entry is about, readable after the item is gone: a title, opening words, a name. */
  targetLabel: string;
  reason?: string | null | undefined;
  /** For a content action's notice: the post (and comment) it concerns, and the post's title. */
  postId?: string | null;
  commentId?: string | null;
  postTitle?: string;
}

const contentAction = (action: ModerationAction) =>
  action.startsWith('post.') || action.startsWith('comment.');

/**
 * Writes one moderation log entry in the transaction of the action it records, and for an action
 * on someone's post or comment tells them (a 'moderation' notice with the reason), so neither is
 * ever written without the action committing.
 */
export async function logModeration(
  tx: DatabaseOrTransaction,
  actor: Staff,
  entry: ModerationEntry,
): Promise<void> {
  const reason = entry.reason?.trim() ? entry.reason.trim() : null;
  await tx.insert(moderationLog).values({
    actorAdminId: actor.role === 'admin' ? actor.id : null,
    actorUserId: actor.role === 'moderator' ? actor.id : null,
    actorName: actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetUserId: entry.targetUserId,
    targetLabel: cutText(entry.targetLabel, 300),
    reason,
  });
  if (entry.targetUserId && contentAction(entry.action)) {
    await notify(tx, {
      userId: entry.targetUserId,
      kind: 'moderation',
      actorUserId: actor.role === 'moderator' ? actor.id : null,
      postId: entry.action === 'post.delete' ? null : (entry.postId ?? null),
      commentId: entry.action === 'comment.delete' ? null : (entry.commentId ?? null),
      details: {
        action: entry.action,
        reason,
        ...(entry.postTitle === undefined ? {} : { postTitle: entry.postTitle }),
        excerpt: cutText(entry.targetLabel, NOTICE_EXCERPT_CHARS),
      },
    });
  }
}
