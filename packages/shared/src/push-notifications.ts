/**
 * Decision 063: the words of the push notifications themselves (the page's texts are in push.ts).
 * A reply's and a moderator's notification say what the notifications page says of the notice
 * (notification-sentences.ts); these are their titles, and the whole of the other two kinds.
 */
export const pushNotificationTexts = {
  replyTitle: 'New reply',
  moderationTitle: 'A moderator’s decision',
  miningStoppedTitle: 'Mining stopped',
  miningStoppedBody: 'Your mining session has ended. Open your dashboard to see what it earned.',
  streakAtRiskTitle: 'Your streak is at risk',
  streakAtRiskBody: 'Mine today to keep your streak going. This is the only reminder today.',
} as const;

/** The push API's refusals, as the page shows them. */
export const pushErrorMessages = {
  endpointNotAllowed:
    'This push service is not one this site sends to. Use a current Chrome, Edge, Firefox or Safari.',
  disabled: 'Push notifications are turned off on this site for now.',
  tooManyDevices: (max: number) =>
    `You get push notifications on ${max} devices already. Remove one first.`,
  deviceNotFound: 'Device not found',
} as const;
