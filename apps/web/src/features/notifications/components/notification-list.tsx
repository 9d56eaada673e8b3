import { notificationMessages } from '@btcp/shared/notifications';
import { BellOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/lib/toast.ts';
import { useMarkAllRead, useNotifications, useUnreadCount } from '../api/notifications.ts';
import { NotificationItem } from './notification-item.tsx';

function Loading() {
  return (
    <div className="grid gap-5 p-4">
      <p role="status" className="sr-only">
        Loading notifications...
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

function MarkAllRead({ disabled }: { disabled: boolean }) {
  const markAll = useMarkAllRead();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, {
          onError: () => toast.error(notificationMessages.markFailed),
        })
      }
    >
      {notificationMessages.markAllRead}
    </Button>
  );
}

/** The member's notices, newest first, a page at a time, with Mark all as read. */
export function NotificationList() {
  const notifications = useNotifications();
  const unread = useUnreadCount().data?.unread ?? notifications.data?.pages[0]?.unread ?? 0;
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = unread > 0 || items.some((item) => item.readAt === null);

  let body: ReactNode;
  if (notifications.isPending) body = <Loading />;
  else if (notifications.isError && !notifications.data) {
    body = (
      <div className="p-4">
        <RetryAlert onRetry={() => void notifications.refetch()}>
          {notificationMessages.errorLoading}
        </RetryAlert>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={BellOff}
        title={notificationMessages.empty}
        description={notificationMessages.emptyDescription}
        className="py-16"
      />
    );
  } else {
    body = (
      <ul aria-label={notificationMessages.title} aria-busy={notifications.isFetching || undefined}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {unread > 0 ? `${unread} unread` : 'All caught up'}
        </p>
        <MarkAllRead disabled={!anyUnread} />
      </div>
      <Card className="overflow-hidden p-0">{body}</Card>
      {notifications.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={notifications.isFetchingNextPage}
          onClick={() => void notifications.fetchNextPage()}
        >
          {notifications.isFetchingNextPage ? 'Loading...' : notificationMessages.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
