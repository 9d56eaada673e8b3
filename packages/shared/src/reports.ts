import { communityRules } from './community.ts';

/** A report's reason: one of the five community rules, or 'other' with the reporter's words. */
export const reportReasons = ['rule1', 'rule2', 'rule3', 'rule4', 'rule5', 'other'] as const;

export type ReportReason = (typeof reportReasons)[number];

export const REPORT_DETAILS_MAX = 500;

/** How many 'Other' texts the Reports tab shows per item. */
export const REPORT_OTHER_TEXTS_SHOWN = 3;

export const reportReasonLabels: Record<ReportReason, string> = {
  rule1: communityRules[0],
  rule2: communityRules[1],
  rule3: communityRules[2],
  rule4: communityRules[3],
  rule5: communityRules[4],
  other: 'Other',
};

export const reportItemTypes = ['post', 'comment'] as const;

export type ReportItemType = (typeof reportItemTypes)[number];

export const reportActions = ['dismiss', 'flag', 'remove', 'delete'] as const;

export type ReportAction = (typeof reportActions)[number];

export const reportActionLabels: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  flag: 'Flag',
  remove: 'Remove',
  delete: 'Delete',
};

export const reportMessages = {
  reportPost: 'Report post',
  reportComment: 'Report comment',
  report: 'Report',
  reasonLegend: 'Why are you reporting this?',
  otherLabel: 'Tell the moderators what is wrong',
  submit: 'Submit',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  thanks: 'Thanks, the moderators will take a look.',
  alreadyReported: 'You have already reported this.',
  chooseReason: 'Choose a reason.',
  detailsRequired: 'Tell us what is wrong (up to 500 characters).',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  failed: 'Could not send the report. Please try again.',
  ownItem: 'You cannot report your own post or comment.',
  itemNotFound: 'This post or comment no longer exists.',
  noOpenReports: 'No open reports for this item',
  // Staff (/admin/community → Reports)
  reportsTab: 'Reports',
  searchPlaceholder: 'Search reported posts and comments...',
  searchLabel: 'Search reports',
  refresh: 'Refresh Reports',
  empty: 'No open reports',
  emptyMatching: 'No open reports matching your search',
  errorLoading: 'Error loading reports',
  errorLoadingDescription: 'Could not load the open reports.',
  reasonField: 'Reason',
  reasonHint: 'Optional: shown to the author and in the moderation log.',
  resolved: (action: ReportAction) =>
    ({
      dismiss: 'Reports dismissed',
      flag: 'Item flagged',
      remove: 'Item removed',
      delete: 'Item deleted',
    })[action],
  resolveFailed: 'Could not resolve the reports. Please try again.',
  confirmTitle: (action: ReportAction, type: ReportItemType) =>
    `${reportActionLabels[action]} this ${type}?`,
  confirmText: (action: ReportAction, type: ReportItemType) =>
    ({
      dismiss: `The ${type} stays as it is and its open reports are closed.`,
      flag: `The ${type} is marked flagged (still visible) and its open reports are closed.`,
      remove: `The ${type} is hidden from members and its open reports are closed.`,
      delete:
        type === 'post'
          ? 'The post is deleted for good, with its comments and votes, and its reports are closed.'
          : 'The comment is deleted for good (a placeholder stays if it has replies) and its reports are closed.',
    })[action],
  // Staff comment actions on the post page
  removeComment: 'Remove comment',
  deleteComment: 'Delete comment',
  commentRemoved: 'Comment removed',
  commentDeletedByStaff: 'Comment deleted',
  commentActionFailed: 'Could not change the comment. Please try again.',
  removedPlaceholder: '[removed]',
} as const;

export const reportsApi = {
  postReports: (postId: string) => `/community/posts/${encodeURIComponent(postId)}/reports`,
  commentReports: (commentId: string) =>
    `/community/comments/${encodeURIComponent(commentId)}/reports`,
  adminReports: '/admin/community/reports',
  adminResolve: '/admin/community/reports/resolve',
  adminComment: (id: string) => `/admin/community/comments/${encodeURIComponent(id)}`,
} as const;

// Types only (erased at build time): the schemas themselves live in report-schemas.ts.
export type * from './report-schemas.ts';
