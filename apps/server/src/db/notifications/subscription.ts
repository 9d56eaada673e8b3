import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client.ts';

/** Payloads no application notification starts with: a settle request and its answers. */
const SETTLE_PREFIX = 'settle:';
const ACK_PREFIX = 'settled:';
/**
 * A settle marker or its answer: what `subscribe` sends on a channel besides the application's
 * own payloads. Another listener on the same channel skips them.
 */
export const isSettleMessage = (payload: string) =>
  payload.startsWith(SETTLE_PREFIX) || payload.startsWith(ACK_PREFIX);
/** How long `settle()` waits before treating the channel as unreliable. */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * One process's subscription to a NOTIFY channel, for in-process caches that every process must
 * drop together (decision 013). A cache built on it trusts notifications only while `live`.
 */
export interface Subscription {
  /** False while the listening connection is lost: notifications may be missing meanwhile. */
  readonly live: boolean;
  /**
   * Resolves once the notifications on the channel committed before the call have been handled:
   * by this process, or (`everywhere`) by every process listening on it. A route that changed
   * something cached calls it before answering.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel`; `handler` gets each notification's payload, `onGap` is called when
 * notifications may have been missed (the connection dropped or came back, or a settle timed out),
 * so the cache forgets everything it holds.
 *
 * Settling relies on PostgreSQL delivering a channel's notifications to each listener in commit
 * order: a marker sent after a change arrives after it. Without `everywhere`, the marker's own
 * echo is enough (the other processes receive it within moments). With it, every listening
 * process answers the marker once it has handled everything before it, and settling waits for as
 * many answers as the channel has listeners: what a revocation needs to be immediate everywhere.
 */
export async function subscribe(
  database: DatabaseHandle,
  channel: string,
  handler: (payload: string) => void,
  onGap: () => void,
  options: { everywhere?: boolean } = {},
): Promise<Subscription> {
  const waiting = new Map<string, { answers: number; expected: number; done: () => void }>();
  const notify = (payload: string) =>
    database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
  const answered = (nonce: string) => {
    const wait = waiting.get(nonce);
    if (!wait) return;
    wait.answers += 1;
    if (wait.answers >= wait.expected) {
      waiting.delete(nonce);
      wait.done();
    }
  };
  let live = true;
  const stop = await database.listen(
    channel,
    (payload) => {
      if (payload.startsWith(SETTLE_PREFIX)) {
        const nonce = payload.slice(SETTLE_PREFIX.length);
        if (!options.everywhere) return answered(nonce);
        // Everything before the marker has been handled: say so to whoever asked.
        notify(ACK_PREFIX + nonce).catch(() => {});
        return;
      }
      if (payload.startsWith(ACK_PREFIX)) return answered(payload.slice(ACK_PREFIX.length));
      handler(payload);
    },
    (state) => {
      live = state === 'restored';
      onGap();
    },
    // Only the listeners that answer are counted (the realtime hub listens on some channels too).
    { answers: options.everywhere ?? false },
  );
  return {
    get live() {
      return live;
    },
    async settle() {
      const nonce = randomUUID();
      const expected = options.everywhere ? Math.max(1, await database.answerers(channel)) : 1;
      let timer: NodeJS.Timeout | undefined;
      const settled = new Promise<void>((resolve) => {
        waiting.set(nonce, { answers: 0, expected, done: resolve });
        timer = setTimeout(() => {
          // A process that does not answer in time may hold stale entries; this one at least
          // forgets its own.
          waiting.delete(nonce);
          onGap();
          resolve();
        }, SETTLE_TIMEOUT_MS);
        timer.unref();
      });
      await notify(SETTLE_PREFIX + nonce);
      await settled;
      clearTimeout(timer);
    },
    close: stop,
  };
}
