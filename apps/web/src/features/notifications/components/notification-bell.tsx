import { NOTIFICATIONS_BADGE_CAP, notificationMessages } from '@btcp/shared/notifications';
import { paths } from '@btcp/shared/paths';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useUnreadCount } from '../api/notifications.ts';
import { badgeText } from '../lib/sentences.ts';

/**
 * The header's bell: a link to the notifications page whose accessible name carries the unread
 * count ("Notifications, 2 unread"); the badge shows it to the eye and is hidden from readers.
 */
export function NotificationBell({ className }: { className?: string }) {
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link
      to={paths.notifications.getHref()}
      aria-label={notificationMessages.bellLabel(unread)}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative', className)}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground ring-2 ring-background"
        >
          {badgeText(unread, NOTIFICATIONS_BADGE_CAP)}
        </span>
      ) : null}
    </Link>
  );
}
