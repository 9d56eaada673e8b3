import { DEFAULT_PUSH_PREFERENCES, PUSH_DEVICES_MAX } from '@btcp/shared';
import { pushErrorMessages } from '@btcp/shared/push-notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { adminAuditLog, pushPreferences, pushSubscriptions } from '#server/db/schema.ts';
import { isAllowedEndpoint } from '#server/modules/push/endpoints.ts';
import { adminCookie } from '#server-test/accounts.ts';
import { call, type Member } from '#server-test/community.ts';
import { sameOrigin, type TestApp } from '#server-test/helper.ts';
import type { PushService } from '#server-test/support/push-service.ts';
import { type PushTestApp, pushTestApp } from '#server-test/support/push-test-app.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let push: PushTestApp;
let t: TestApp;
let service: PushService;
let alice: Member;
let bob: Member;
let admin: string;

beforeAll(async () => {
  push = await pushTestApp();
  ({ t, service, alice, bob } = push);
  admin = await adminCookie(t.app);
});
afterAll(() => push.close());

const subscribe = (who: Member, body: object, userAgent = CHROME) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...sameOrigin, cookie: who.cookie, 'user-agent': userAgent },
    payload: body,
  });

const state = async (who: Member) => {
  const response = await call(t.app, 'GET', '/api/push', who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
};

const devicesOf = (userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

const setPush = (enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/push',
    headers: { ...sameOrigin, cookie: admin },
    payload: { enabled },
  });

describe('Web Push subscriptions (decision 063)', () => {
  it('starts with the defaults, the VAPID key and no devices', async () => {
    const before = await state(alice);
    expect(before).toMatchObject({
      enabled: true,
      preferences: DEFAULT_PUSH_PREFERENCES,
      devices: [],
    });
    expect(before.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // The key is made once and kept: every read, and every member, gets the same one.
    expect((await state(bob)).publicKey).toBe(before.publicKey);
  });

  it('stores one row per device, names its browser, and updates a browser that subscribes again', async () => {
    const phone = service.subscription();
    const laptop = service.subscription();
    const first = await subscribe(alice, phone, FIREFOX);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      browser: 'Firefox 133 on Linux',
      endpoint: phone.endpoint,
    });
    expect((await subscribe(alice, laptop)).statusCode).toBe(201);
    // The phone subscribes again with new keys: the same row, the new keys.
    const renewed = { ...phone, keys: service.subscription().keys };
    const again = await subscribe(alice, renewed, FIREFOX);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const rows = await devicesOf(alice.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === first.json().id)?.p256dh).toBe(renewed.keys.p256dh);
    // Newest first.
    const listed = (await state(alice)).devices;
    expect(listed.map((device: { browser: string }) => device.browser)).toEqual([
      'Chrome 131 on Linux',
      'Firefox 133 on Linux',
    ]);
    // Bob signs in on the laptop's browser: the subscription is his now, not a duplicate.
    expect((await subscribe(bob, laptop)).statusCode).toBe(201);
    expect(await devicesOf(alice.id)).toHaveLength(1);
    expect(await devicesOf(bob.id)).toHaveLength(1);
  });

  it('refuses an endpoint outside the allowed push services, storing nothing', async () => {
    const keys = service.subscription().keys;
    const before = await t.database.db.$count(pushSubscriptions);
    for (const endpoint of [
      'https://push.evil.example/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'http://10.0.0.5/push/1',
      'https://169.254.169.254/latest/meta-data',
      'http://localhost:5432/push/1',
      `${service.origin.replace('127.0.0.1', 'user:pw@127.0.0.1')}/push/1`,
    ]) {
      const response = await subscribe(alice, { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.message).toBe(pushErrorMessages.endpointNotAllowed);
    }
    expect(await t.database.db.$count(pushSubscriptions)).toBe(before);
  });

  it('matches origins exactly, a *. entry by host suffix, and http only on a listed loopback origin', () => {
    const { webPushAllowedOrigins: defaults } = loadConfig({});
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', defaults)).toBe(true);
    expect(isAllowedEndpoint('https://wns2-by3p.notify.windows.com/w/?token=1', defaults)).toBe(
      true,
    );
    expect(isAllowedEndpoint('https://notify.windows.com.evil.example/w', defaults)).toBe(false);
    expect(isAllowedEndpoint('https://evilnotify.windows.com/w', defaults)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc', defaults)).toBe(false);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc', defaults)).toBe(false);
    const local = loadConfig({ WEB_PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9000' });
    expect(isAllowedEndpoint('http://127.0.0.1:9000/push/a', local.webPushAllowedOrigins)).toBe(
      true,
    );
    expect(isAllowedEndpoint('http://127.0.0.1:9001/push/a', local.webPushAllowedOrigins)).toBe(
      false,
    );
    expect(() => loadConfig({ WEB_PUSH_ALLOWED_ORIGINS: 'http://push.example' })).toThrow(
      /WEB_PUSH_ALLOWED_ORIGINS/,
    );
  });

  it('saves the switches, and holds at most PUSH_DEVICES_MAX devices per member', async () => {
    const choice = { reply: false, moderation: true, miningStopped: false, streakAtRisk: true };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: { ...sameOrigin, cookie: bob.cookie },
      payload: choice,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await state(bob)).preferences).toEqual(choice);
    for (let i = (await devicesOf(bob.id)).length; i < PUSH_DEVICES_MAX; i++) {
      expect((await subscribe(bob, service.subscription())).statusCode).toBe(201);
    }
    const over = await subscribe(bob, service.subscription());
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(pushErrorMessages.tooManyDevices(PUSH_DEVICES_MAX));
    expect(await devicesOf(bob.id)).toHaveLength(PUSH_DEVICES_MAX);
  });

  it('removes only the member’s own device; another’s is a 404', async () => {
    const [bobs] = await devicesOf(bob.id);
    const mine = await call(t.app, 'DELETE', `/api/push/subscriptions/${bobs?.id}`, alice.cookie);
    expect(mine.statusCode).toBe(404);
    const own = await call(t.app, 'DELETE', `/api/push/subscriptions/${bobs?.id}`, bob.cookie);
    expect(own.statusCode).toBe(204);
    expect(await devicesOf(bob.id)).toHaveLength(PUSH_DEVICES_MAX - 1);
  });

  it('lets an admin turn push off (audited); no browser may subscribe meanwhile', async () => {
    const off = await setPush(false);
    expect(off.statusCode, off.body).toBe(200);
    expect((await state(alice)).enabled).toBe(false);
    const refused = await subscribe(alice, service.subscription());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(pushErrorMessages.disabled);
    expect((await setPush(true)).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'settings.push.update'));
    expect(audits.map((row) => row.details)).toEqual([
      { before: { enabled: true }, after: { enabled: false } },
      { before: { enabled: false }, after: { enabled: true } },
    ]);
  });

  it('puts the member’s switches and devices in their account export, without endpoints or keys', async () => {
    const [device] = await devicesOf(alice.id);
    const exported = await call(t.app, 'GET', '/api/account/export', alice.cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    const { push: data } = exported.json() as {
      push: { preferences: object; devices: Record<string, unknown>[] };
    };
    expect(data.preferences).toEqual((await state(alice)).preferences);
    expect(data.devices).toEqual(
      (await devicesOf(alice.id)).map((row) => ({
        browser: row.browser,
        pushService: service.origin,
        createdAt: row.createdAt.toISOString(),
        lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
      })),
    );
    expect(data.devices.length).toBeGreaterThan(0);
    expect(exported.body).not.toContain(device?.endpoint ?? 'no device');
    expect(exported.body).not.toContain(device?.auth ?? 'no device');
  });

  it('deletes the devices and switches with the account', async () => {
    const deleted = await call(t.app, 'POST', '/api/account/delete', bob.cookie, {
      email: 'bob@example.com',
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await devicesOf(bob.id)).toHaveLength(0);
    expect(
      await t.database.db.select().from(pushPreferences).where(eq(pushPreferences.userId, bob.id)),
    ).toHaveLength(0);
  });
});
