export {
  notificationReason,
  notificationSentence,
} from '@btcp/shared/notification-sentences';

/** The badge's text: the count, "99+" past the cap. */
export function badgeText(unread: number, cap: number): string {
  return unread > cap ? `${cap}+` : String(unread);
}
