import type { Page } from '@playwright/test';

/**
 * The local push service of the e2e run (apps/server/test/support/push-service.ts) listens here,
 * beside the app's own port, and the server is told to send to it (WEB_PUSH_ALLOWED_ORIGINS in
 * playwright.config.ts): the push services browsers use are not reachable from a test machine.
 */
export const pushServicePort = Number(process.env.E2E_PORT ?? 4173) + 10_000;
export const pushServiceOrigin = `http://127.0.0.1:${pushServicePort}`;

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/**
 * Headless Chromium's PushManager subscribes at Google's push service, which a test machine cannot
 * reach: in this page only, subscribe and getSubscription answer with a subscription of the local
 * push service instead, and record what the page asked subscribe for.
 */
export async function localPushManager(page: Page, subscription: SubscriptionJson) {
  await page.addInitScript((json: SubscriptionJson) => {
    let current: PushSubscription | null = null;
    const make = () =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe(options) {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      (window as unknown as { pushAsked: unknown }).pushAsked = {
        userVisibleOnly: options?.userVisibleOnly,
        keyBytes: key?.byteLength,
      };
      current = make();
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}
