import { type Notification, notificationMessages } from '@btcp/shared/notifications';
import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { LocalTime } from '#web/components/local-time.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { useMarkRead } from '../api/notifications.ts';
import { notificationReason, notificationSentence } from '../lib/sentences.ts';

/**
 * One notice: its sentence links to the post (opening it marks the notice read), the reply's or
 * item's opening words, a moderator's reason. Unread ones carry a dot, a bold sentence, a tinted
 * background and the word "Unread" for screen readers, so they differ by more than colour.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  const sentence = notificationSentence(notification);
  const reason = notificationReason(notification);
  // A moderated post's opening words are its title, already in the sentence.
  const excerpt = notification.details.excerpt;
  const showExcerpt = Boolean(excerpt) && excerpt !== notification.details.postTitle;
  const read = () => {
    if (!unread || markRead.isPending) return;
    markRead.mutate(notification.id, {
      onError: () => toast.error(notificationMessages.markFailed),
    });
  };
  return (
    <li
      className={cn(
        'flex gap-3 border-b border-border px-4 py-4 last:border-b-0',
        unread && 'bg-primary/5',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2.5 shrink-0 rounded-full',
          unread ? 'bg-primary' : 'border border-border',
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className={cn('break-words', unread ? 'font-semibold' : 'font-normal')}>
            {unread ? <span className="sr-only">{notificationMessages.unreadLabel}: </span> : null}
            {notification.postId ? (
              <Link
                to={paths.communityPost.getHref(notification.postId)}
                onClick={read}
                className="rounded-sm underline-offset-4 hover:underline"
              >
                {sentence}
              </Link>
            ) : (
              sentence
            )}
          </p>
          {showExcerpt ? (
            <p className="line-clamp-2 break-words text-sm text-muted-foreground">
              {notification.details.excerpt}
            </p>
          ) : null}
          {reason ? <p className="break-words text-sm">{reason}</p> : null}
          <p className="text-xs text-muted-foreground">
            <LocalTime dateTime={notification.createdAt} format={formatShortDateTime} />
          </p>
        </div>
        {unread ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={markRead.isPending}
            onClick={read}
            aria-label={`${notificationMessages.markRead}: ${sentence}`}
          >
            {notificationMessages.markRead}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
