import type { PushDevice, PushState } from '@btcp/shared/push';
import { onTestFinished, vi } from 'vitest';

/** What PushSubscription.toJSON() gives: a 65-byte key and a 16-byte secret, base64url. */
export const subscriptionKeys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
export const THIS_ENDPOINT = 'https://push.example.net/send/this-device';

export const pushDevice = (overrides: Partial<PushDevice> = {}): PushDevice => ({
  id: 'd1',
  browser: 'Firefox on Linux',
  createdAt: '2026-03-01T12:00:00.000Z',
  lastDeliveredAt: null,
  endpoint: 'https://push.example.net/send/other-device',
  ...overrides,
});

export const pushState = (overrides: Partial<PushState> = {}): PushState => ({
  enabled: true,
  publicKey: 'B'.repeat(87),
  preferences: { reply: true, moderation: true, miningStopped: true, streakAtRisk: false },
  devices: [],
  ...overrides,
});

function fakeSubscription(endpoint: string) {
  return {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: subscriptionKeys }),
    unsubscribe: vi.fn(async () => true),
  };
}

/**
 * A browser with service workers, PushManager and Notification, as far as the page uses them:
 * `permission` is the answer so far, `answer` what the permission question will be answered, and
 * `subscribed` the endpoint the worker is subscribed with already. Taken away after the test.
 */
export function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = null,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: string | null;
} = {}) {
  let current = subscribed ? fakeSubscription(subscribed) : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = fakeSubscription(THIS_ENDPOINT);
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  return { pushManager, notification, subscription: () => current };
}
