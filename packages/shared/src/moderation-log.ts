/**
 * The moderation log: what staff did to posts, comments and accounts, and why. Staff read it with
 * the moderator's name in /admin/community; everyone reads it without names at /community/modlog.
 * Texts and types only: the zod schemas live in moderation-log-schemas.ts, so a page that needs
 * only the wording loads no zod.
 */

/** Every action the log records. Content actions (post.*, comment.*) also notify the author. */
export const moderationActions = [
  'post.active',
  'post.flagged',
  'post.removed',
  'post.delete',
  'comment.active',
  'comment.flagged',
  'comment.removed',
  'comment.delete',
  'report.dismiss',
  'user.ban',
  'user.unban',
  'moderator.add',
  'moderator.remove',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/**
 * Who holds a staff role is for the staff log only: the public log naming new moderators would
 * tell anyone whom to phish (docs/decisions/052).
 */
export const staffRoleActions = ['moderator.add', 'moderator.remove'] as const;
/** What the public log at /community/modlog shows and filters by. */
export const publicModerationActions = moderationActions.filter(
  (action) => !(staffRoleActions as readonly string[]).includes(action),
);

/** How both log pages word each action. */
export const moderationActionLabels: Record<ModerationAction, string> = {
  'post.active': 'Restored post',
  'post.flagged': 'Flagged post',
  'post.removed': 'Removed post',
  'post.delete': 'Deleted post',
  'comment.active': 'Restored comment',
  'comment.flagged': 'Flagged comment',
  'comment.removed': 'Removed comment',
  'comment.delete': 'Deleted comment',
  'report.dismiss': 'Dismissed report',
  'user.ban': 'Banned user',
  'user.unban': 'Unbanned user',
  'moderator.add': 'Added moderator',
  'moderator.remove': 'Removed moderator',
};

/** An action's wording; an action this build does not know yet reads as itself. */
export const moderationActionLabel = (action: string): string =>
  moderationActionLabels[action as ModerationAction] ?? action;

export const MODERATION_REASON_MAX = 500;
export const MODERATION_LOG_PAGE_SIZE = 25;

export const moderationLogMessages = {
  tab: 'Mod Log',
  title: 'Moderation Log',
  description: 'Every moderation action on the community, newest first, with its reason.',
  publicDescription:
    'Every moderation action on the community, newest first, with the reason the moderator gave.',
  empty: 'No moderation actions yet',
  emptyFiltered: 'No moderation actions match these filters.',
  errorLoading: 'Could not load the moderation log.',
  loading: 'Loading moderation actions...',
  allActions: 'All actions',
  allModerators: 'All moderators',
  actionFilter: 'Action',
  moderatorFilter: 'Moderator',
  reasonLabel: 'Reason (optional)',
  reasonPlaceholder: 'Why? Shown in the moderation log and to the author.',
  reasonTooLong: `Reason must be at most ${MODERATION_REASON_MAX} characters`,
  noReason: 'No reason given',
  sidebarLink: 'Moderation log',
  targetGone: '(deleted)',
} as const;

export const moderationLogApi = {
  admin: '/admin/community/modlog',
  public: '/community/modlog',
} as const;

// Types only (erased at build time): the schemas themselves live in moderation-log-schemas.ts.
export type * from './moderation-log-schemas.ts';
