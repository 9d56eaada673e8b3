import { notificationMessages } from '@btcp/shared/notifications';
import { pageTitles } from '@btcp/shared/paths';
import { NotificationList } from '#web/features/notifications/components/notification-list.tsx';
import { PushCard } from '#web/features/notifications/components/push-card.tsx';
import { PushOffer } from '#web/features/notifications/components/push-offer.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.notifications);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{notificationMessages.title}</h1>
        <p className="mt-1 text-muted-foreground">{notificationMessages.description}</p>
      </div>
      <PushOffer />
      <NotificationList />
      <PushCard />
    </div>
  );
}
