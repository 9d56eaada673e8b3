import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

/** A payload no application notification starts with: the marker `settle()` waits for. */
const SETTLE_PREFIX = 'settle:';
/** How long `settle()` waits for its own marker before treating the channel as unreliable. */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * One process's subscription to a NOTIFY channel, for in-process caches that every process must
 * drop together (issue 11). A cache built on it trusts notifications only while `live`.
 */
export interface Subscription {
  /** False while the listening connection is lost: notifications may be missing meanwhile. */
  readonly live: boolean;
  /**
   * Resolves once this process has handled every notification on the channel committed before
   * the call. PostgreSQL delivers notifications in commit order, so waiting for a marker sent now
   * is enough; every other process listening receives the same notifications at the same moment.
   * A route that changed something cached calls it before answering.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel`; `handler` gets each notification's payload, `onGap` is called when
 * notifications may have been missed (the connection dropped, came back, or a marker never
 * arrived), so the cache forgets everything it holds.
 */
export async function subscribe(
  database: DatabaseHandle,
  channel: string,
  handler: (payload: string) => void,
  onGap: () => void,
): Promise<Subscription> {
  const waiting = new Map<string, () => void>();
  let live = true;
  const stop = await database.listen(
    channel,
    (payload) => {
      if (!payload.startsWith(SETTLE_PREFIX)) return handler(payload);
      const nonce = payload.slice(SETTLE_PREFIX.length);
      waiting.get(nonce)?.();
      waiting.delete(nonce);
    },
    (state) => {
      live = state === 'restored';
      onGap();
    },
  );
  return {
    get live() {
      return live;
    },
    async settle() {
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(nonce, resolve);
        timer = setTimeout(() => {
          waiting.delete(nonce);
          onGap();
          resolve();
        }, SETTLE_TIMEOUT_MS);
        timer.unref();
      });
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${SETTLE_PREFIX + nonce})`);
      await arrived;
      clearTimeout(timer);
    },
    close: stop,
  };
}
