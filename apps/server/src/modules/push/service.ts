import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_DEVICES_MAX,
  type PushDevice,
  type PushPreferences,
  type PushState,
  type PushSubscriptionInput,
} from '@btcp/shared';
import { pushErrorMessages } from '@btcp/shared/push-notifications';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { pushPreferences, pushSubscriptions } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { describeUserAgent, UNKNOWN_SYSTEM } from '#server/modules/auth/index.ts';
import { isAllowedEndpoint } from './endpoints.ts';
import { pushSettings } from './settings.ts';
import { vapidKeys } from './vapid.ts';

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  browser: row.browser,
  createdAt: row.createdAt.toISOString(),
  lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
  endpoint: row.endpoint,
});

async function preferencesOf(db: DatabaseOrTransaction, userId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return {
    reply: row.reply,
    moderation: row.moderation,
    miningStopped: row.miningStopped,
    streakAtRisk: row.streakAtRisk,
  };
}

/** The member's devices, newest first (the devices list and the account export). */
const devicesOf = (db: DatabaseOrTransaction, userId: string) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));

/** How the devices list names a device: its browser and, when known, its system ("Chrome 131 on Android 14"). */
function deviceName(userAgent: string | null): string {
  const { browser, system } = describeUserAgent(userAgent);
  return system === UNKNOWN_SYSTEM ? browser : `${browser} on ${system}`;
}

/** GET /api/push: the admin's switch, the key to subscribe with, the member's switches and devices. */
export async function pushState(
  ctx: { db: Database; config: Config },
  userId: string,
): Promise<PushState> {
  const [settings, keys, preferences, devices] = await Promise.all([
    pushSettings.load(ctx.db),
    vapidKeys(ctx),
    preferencesOf(ctx.db, userId),
    devicesOf(ctx.db, userId),
  ]);
  return {
    enabled: settings.enabled,
    publicKey: keys.publicKey,
    preferences,
    devices: devices.map(toDevice),
  };
}

/**
 * What the account export holds of push: the switches and each device's browser, push service and
 * dates. Not the endpoint (an address anyone holding it could send to) nor the keys the payloads
 * are encrypted with.
 */
export async function pushDataOf(db: Database, userId: string) {
  const [preferences, devices] = await Promise.all([
    preferencesOf(db, userId),
    devicesOf(db, userId),
  ]);
  return {
    preferences,
    devices: devices.map((row) => ({
      browser: row.browser,
      pushService: new URL(row.endpoint).origin,
      createdAt: row.createdAt.toISOString(),
      lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    })),
  };
}

/** PUT /api/push/preferences: all four switches at once (the day of the last reminder stays). */
export async function savePreferences(
  db: Database,
  userId: string,
  preferences: PushPreferences,
): Promise<PushPreferences> {
  await db
    .insert(pushPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: preferences });
  return preferences;
}

/**
 * POST /api/push/subscriptions: this browser's subscription. The endpoint must be at a listed push
 * service (decision 063), checked before anything is written. The same endpoint again (a browser
 * that subscribed anew, or another member signed in on it) updates that row: keys, owner, browser.
 * A member holds at most PUSH_DEVICES_MAX, counted under a lock of their row so two at once
 * cannot pass it together.
 */
export async function subscribe(
  ctx: { db: Database; config: Config },
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushDevice> {
  if (!isAllowedEndpoint(input.endpoint, ctx.config.webPushAllowedOrigins)) {
    throw badRequest(pushErrorMessages.endpointNotAllowed, {
      endpoint: pushErrorMessages.endpointNotAllowed,
    });
  }
  if (!(await pushSettings.load(ctx.db)).enabled) throw conflict(pushErrorMessages.disabled);
  const values = {
    userId,
    endpoint: input.endpoint,
    ...input.keys,
    browser: deviceName(userAgent),
  };
  return ctx.db.transaction(async (tx) => {
    // The member's preferences row is the lock two subscriptions at once queue on.
    await tx.insert(pushPreferences).values({ userId }).onConflictDoNothing();
    await tx
      .select({ userId: pushPreferences.userId })
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, userId))
      .for('update');
    const [held] = await tx
      .select({ value: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    const [same] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (same?.userId !== userId && (held?.value ?? 0) >= PUSH_DEVICES_MAX) {
      throw conflict(pushErrorMessages.tooManyDevices(PUSH_DEVICES_MAX));
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    if (!row) throw new Error('the push subscription was not stored');
    return toDevice(row);
  });
}

/** DELETE /api/push/subscriptions/:id: one of the member's own devices; anyone else's is a 404. */
export async function unsubscribe(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(pushErrorMessages.deviceNotFound);
}
