import webpush from 'web-push';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { keptOnce } from '#server/modules/settings/index.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const VAPID_SETTING = 'web_push_vapid_keys';
const known = new WeakMap<Database, VapidKeys>();

/**
 * Decision 063: the VAPID pair every process signs with, from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY,
 * or made once and kept in the database (keptOnce), read once per process. A browser subscribed
 * with the public key; another key would make its subscription useless.
 */
export async function vapidKeys(ctx: { db: Database; config: Config }): Promise<VapidKeys> {
  const kept = known.get(ctx.db);
  if (kept) return kept;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = ctx.config;
  let pair: { publicKey?: unknown; privateKey?: unknown } | undefined;
  if (publicKey && privateKey) pair = { publicKey, privateKey };
  else pair = (await keptOnce(ctx.db, VAPID_SETTING, () => webpush.generateVAPIDKeys())) as never;
  if (typeof pair?.publicKey !== 'string' || typeof pair.privateKey !== 'string') {
    throw new Error('the stored VAPID keys are unreadable');
  }
  const keys = {
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    subject: ctx.config.vapidSubject,
  };
  known.set(ctx.db, keys);
  return keys;
}
