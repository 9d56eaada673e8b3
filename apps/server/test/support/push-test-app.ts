import { expect } from 'vitest';
import { type Member, member } from '#server-test/community.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';
import {
  type PushService,
  type PushSubscriptionJson,
  startPushService,
} from '#server-test/support/push-service.ts';

/** What the push tests start from: a local push service, an app allowed to send to it, two members. */
export interface PushTestApp {
  t: TestApp;
  service: PushService;
  alice: Member;
  bob: Member;
  /** A new device of `who`, subscribed at the push service and then with the app, as a browser does. */
  device(who: Member): Promise<PushSubscriptionJson>;
  close(): Promise<void>;
}

/** The app as createTestApp makes it with `options`, its allow-list the local push service's origin. */
export async function pushTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<PushTestApp> {
  const service = await startPushService();
  const t = await createTestApp({
    ...options,
    env: { ...options.env, WEB_PUSH_ALLOWED_ORIGINS: service.origin },
  });
  const alice = await member(t.app, 'alice');
  const bob = await member(t.app, 'bob');
  return {
    t,
    service,
    alice,
    bob,
    async device(who) {
      const subscription = service.subscription();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { ...sameOrigin, cookie: who.cookie },
        payload: subscription,
      });
      expect(response.statusCode, response.body).toBe(201);
      return subscription;
    },
    async close() {
      await t.close();
      await service.close();
    },
  };
}
