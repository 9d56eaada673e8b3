import { type PushDevice, pushMessages } from '@btcp/shared/push';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { addPushDevice, listDevice, removePushDevice, unlistDevice } from '../api/push.ts';
import {
  currentSubscription,
  notificationPermission,
  pushSupported,
  subscribeToPush,
  unsubscribeHere,
} from '../lib/push-browser.ts';

interface DeviceSnapshot {
  permission: NotificationPermission;
  /** The endpoint this browser is subscribed with, to tell "This device" in the list. */
  endpoint: string | null;
  busy: boolean;
}

/**
 * One snapshot for the page, the offer and the toast alike, so Turn on in any of them shows in
 * the others at once.
 */
let snapshot: DeviceSnapshot | null = null;
let subscriptionRead = false;
const listeners = new Set<() => void>();

function current(): DeviceSnapshot {
  snapshot ??= { permission: notificationPermission(), endpoint: null, busy: false };
  return snapshot;
}

function update(change: Partial<DeviceSnapshot>) {
  snapshot = { ...current(), ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: DeviceSnapshot = { permission: 'default', endpoint: null, busy: false };

/** Forgets what was read of the browser (tests, which change it between renders). */
export function resetPushDevice() {
  snapshot = null;
  subscriptionRead = false;
}

/**
 * Turn on: the browser's permission, its subscription, then the server's devices list. A
 * subscription the server refuses is ended again, so the browser never holds one nobody sends to.
 */
async function turnOn(queryClient: ReturnType<typeof useQueryClient>, publicKey: string) {
  update({ busy: true });
  try {
    const result = await subscribeToPush(publicKey);
    if (result.outcome !== 'subscribed') {
      update({ permission: result.outcome });
      return;
    }
    try {
      listDevice(queryClient, await addPushDevice(result.input));
    } catch (error) {
      await result.subscription.unsubscribe().catch(() => false);
      throw error;
    }
    update({ permission: 'granted', endpoint: result.subscription.endpoint });
  } catch (error) {
    update({ permission: notificationPermission() });
    // The server's reason when it has one (too many devices, a push service it does not send to).
    const refused = error instanceof ApiRequestError && error.status < 500;
    toast.error(pushMessages.failed, refused ? { description: error.message } : undefined);
  } finally {
    update({ busy: false });
  }
}

/** Removes a device from the list; this one also ends its subscription in the browser. */
async function remove(queryClient: ReturnType<typeof useQueryClient>, device: PushDevice) {
  update({ busy: true });
  try {
    await removePushDevice(device.id);
    unlistDevice(queryClient, device.id);
    if (device.endpoint === current().endpoint) {
      await unsubscribeHere();
      update({ endpoint: null });
    }
  } catch {
    toast.error(pushMessages.removeFailed);
  } finally {
    update({ busy: false });
  }
}

/**
 * This browser and push: whether it can, what it was allowed, the endpoint it is subscribed with,
 * and Turn on / Remove, which say so in a toast when they fail.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const device = useSyncExternalStore(subscribe, current, () => serverSnapshot);
  useEffect(() => {
    if (subscriptionRead) return;
    subscriptionRead = true;
    currentSubscription()
      .then((subscription) => update({ endpoint: subscription?.endpoint ?? null }))
      .catch(() => {
        // No worker yet: as far as the page can tell, this browser is not subscribed.
      });
  }, []);
  return {
    ...device,
    supported: pushSupported(),
    turnOn: (publicKey: string) => turnOn(queryClient, publicKey),
    remove: (listed: PushDevice) => remove(queryClient, listed),
  };
}
