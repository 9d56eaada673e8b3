/** Editing one's own posts and comments: the rule, the texts and the addresses (no zod here). */

/** An author may change a post's title only this long after posting; the text at any time. */
export const TITLE_EDIT_WINDOW_MINUTES = 10;

export const communityEditMessages = {
  editPost: 'Edit post',
  editComment: 'Edit comment',
  edit: 'Edit',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  edited: 'edited',
  editedAgo: (ago: string) => `edited ${ago}`,
  postUpdated: 'Post updated',
  commentUpdated: 'Comment updated',
  editFailed: 'Could not save your changes',
  titleLocked: `The title can only be changed in the first ${TITLE_EDIT_WINDOW_MINUTES} minutes after posting.`,
  notYourPost: 'You can only edit your own posts.',
  notYourComment: 'You can only edit your own comments.',
  viewHistory: 'View edit history',
  historyTitle: 'Edit history',
  historyDescription: 'Earlier versions, newest first. Only staff can see them.',
  currentVersion: 'Current version',
  previousVersion: (when: string) => `Before the edit of ${when}`,
  titleUnchanged: 'Title unchanged',
  noHistory: 'No earlier versions.',
  errorLoadingHistory: 'Could not load the edit history.',
} as const;

/** True while the post's title may still change, by the given clock. */
export function titleEditable(createdAt: string | Date, now: number): boolean {
  return now - new Date(createdAt).getTime() < TITLE_EDIT_WINDOW_MINUTES * 60_000;
}

export const communityEditApi = {
  adminPostEdits: (id: string) => `/admin/community/posts/${encodeURIComponent(id)}/edits`,
  adminCommentEdits: (id: string) => `/admin/community/comments/${encodeURIComponent(id)}/edits`,
} as const;

// Types only (erased at build time): the schemas themselves live in community-edits-schemas.ts.
export type * from './community-edits-schemas.ts';
