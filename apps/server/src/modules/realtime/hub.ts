import type { RealtimeEvent } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DatabaseOrTransaction } from '../wallet/ledger.ts';

const CHANNEL = 'btcp_events';

interface Envelope {
  userId: string;
  event: RealtimeEvent;
}

/**
 * Queues an event for one user. NOTIFY inside a transaction is delivered only when it commits
 * (PostgreSQL semantics), so listeners never hear of a change that was rolled back.
 */
export async function publish(db: DatabaseOrTransaction, userId: string, event: RealtimeEvent) {
  const envelope: Envelope = { userId, event };
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
}

export interface RealtimeHub {
  subscribe(userId: string, listener: (event: RealtimeEvent) => void): () => void;
  connections(): number;
  close(): Promise<void>;
}

/** Every process LISTENs once and hands each event to its own SSE clients of that user. */
export async function createRealtimeHub(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<(event: RealtimeEvent) => void>>();
  const stop = await database.listen(CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as Envelope;
      for (const listener of listeners.get(userId) ?? []) listener(event);
    } catch (error) {
      log.warn({ err: error }, 'dropped a malformed realtime event');
    }
  });
  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    connections: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    close: stop,
  };
}
