import { pushMessages } from '@btcp/shared/push';
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useNotifications } from '../api/notifications.ts';
import { usePushState } from '../api/push.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { dismissOffer, offerDismissed } from '../lib/push-browser.ts';
import { shouldOfferPush } from '../lib/push-offer.ts';

/**
 * The offer at the top of the notifications page once the member has a reply: a card in the
 * page, never a dialog, which asks the browser only when Turn on is clicked.
 */
export function PushOffer() {
  const notifications = useNotifications();
  const state = usePushState();
  const device = usePushDevice();
  const [dismissed, setDismissed] = useState(offerDismissed);
  const titleId = useId();
  const hasReply =
    notifications.data?.pages.some((page) => page.items.some((item) => item.kind === 'reply')) ??
    false;
  const offered = shouldOfferPush({ ...device, hasReply, state: state.data, dismissed });
  if (!offered || !state.data) return null;
  const { publicKey } = state.data;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="flex flex-wrap items-start gap-4 border-primary/40 p-5"
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <h2 id={titleId} className="font-semibold">
          {pushMessages.offerTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{pushMessages.offerBody}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={device.busy}
          aria-busy={device.busy}
          onClick={() => void device.turnOn(publicKey)}
        >
          {pushMessages.offerAccept}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            dismissOffer();
            setDismissed(true);
          }}
        >
          {pushMessages.offerDismiss}
        </Button>
      </div>
    </Card>
  );
}
