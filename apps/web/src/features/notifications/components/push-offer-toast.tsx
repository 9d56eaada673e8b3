import { pushMessages } from '@btcp/shared/push';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '#web/lib/toast.ts';
import { notificationsQueryOptions, useUnreadCount } from '../api/notifications.ts';
import { pushStateQueryOptions } from '../api/push.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import {
  dismissOffer,
  markOfferToasted,
  offerDismissed,
  offerToasted,
} from '../lib/push-browser.ts';
import { shouldOfferPush } from '../lib/push-offer.ts';

type Device = ReturnType<typeof usePushDevice>;

/** Reads the newest notice and the push settings, then makes the offer if it still applies. */
async function offerAfterReply(queryClient: QueryClient, device: Device) {
  const [state, notifications] = await Promise.all([
    queryClient.fetchQuery(pushStateQueryOptions()),
    queryClient.fetchInfiniteQuery(notificationsQueryOptions()),
  ]);
  const hasReply = notifications.pages[0]?.items[0]?.kind === 'reply';
  if (!shouldOfferPush({ ...device, hasReply, state, dismissed: offerDismissed() })) return;
  markOfferToasted();
  toast(pushMessages.offerTitle, {
    id: 'push-offer',
    description: pushMessages.offerBody,
    // It waits for an answer (both buttons close it), as the update notice does.
    duration: Number.POSITIVE_INFINITY,
    action: { label: pushMessages.offerAccept, onClick: () => void device.turnOn(state.publicKey) },
    cancel: { label: pushMessages.offerDismiss, onClick: dismissOffer },
  });
}

/**
 * When the bell's count rises and the newest notice is a reply, the push offer as a toast, once
 * per browser (decision 063: asked for in context, never on arrival). Nothing is read for it
 * until then, and never on a page load.
 */
export function PushOfferOnReply() {
  const queryClient = useQueryClient();
  const unread = useUnreadCount().data?.unread;
  const device = usePushDevice();
  const previous = useRef(unread);
  useEffect(() => {
    const before = previous.current;
    previous.current = unread;
    if (unread === undefined || before === undefined || unread <= before) return;
    if (!device.supported || device.permission !== 'default') return;
    if (offerToasted() || offerDismissed()) return;
    offerAfterReply(queryClient, device).catch(() => {
      // The offer is a courtesy: it waits for the next reply if its reads fail.
    });
  }, [unread, device, queryClient]);
  return null;
}
