import { randomInt } from 'node:crypto';
import type { Socket } from 'node:net';
import type { RealtimeEvent } from '@btcp/shared';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { REVOCATIONS_CHANNEL, type Revocation } from '#server/db/notifications/channels.ts';
import { isSettleMessage } from '#server/db/notifications/subscription.ts';
import { prepared } from '#server/db/prepared.ts';
import { realtimeBatches } from '#server/db/schema.ts';
import { createClosing } from './closing.ts';

const EVENTS_CHANNEL = 'btcp_events';
/** Many users' events at once: in the NOTIFY itself, or the id of the realtime_batches row (decision 040). */
export const BATCHES_CHANNEL = 'btcp_event_batches';
/** A batch is read within a second of its NOTIFY; it is kept a while for a process that lags. */
const BATCH_KEPT_MS = 5 * 60_000;

/** One user's event, as a batch of many users' events carries it. */
export interface Envelope {
  userId: string;
  event: RealtimeEvent;
}

/**
 * An event for one user as an expression, for the statement that makes the change it tells of (a
 * `SELECT … FROM` the rows it wrote notifies only if it wrote them). NOTIFY inside a transaction
 * is delivered only when it commits (PostgreSQL semantics), so listeners never hear of a change
 * that was rolled back.
 */
export function notification(userId: string, event: RealtimeEvent): SQL {
  const envelope: Envelope = { userId, event };
  return sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`;
}

/**
 * The most bytes of events a batch's NOTIFY carries itself (decision 040). PostgreSQL refuses a
 * payload of 8,000 bytes or more; a larger batch is written to realtime_batches, and its NOTIFY
 * names the row, which every process then reads.
 */
export const INLINE_BATCH_MAX_BYTES = 7900;

/**
 * Many users' events with one NOTIFY (decision 014), as CTEs of the statement that makes the
 * changes they tell of: in the NOTIFY itself when they fit, else in one row it names (a crediting
 * tick's). They read the CTE `events`, one row of `payload` (the envelopes' JSON array) or none;
 * the statement's answer must read `notified`, as a CTE that only reads runs only when something
 * reads it. Like `notification`, heard only if the transaction commits.
 */
export const batchPublished = sql`
  batch AS (
    INSERT INTO ${realtimeBatches} (payload)
    SELECT payload FROM events WHERE octet_length(payload) > ${INLINE_BATCH_MAX_BYTES}
    RETURNING id
  ), notified AS (
    -- The events themselves when they fit in a NOTIFY, else their row.
    SELECT pg_notify(${BATCHES_CHANNEL}, batch.id::text) FROM batch
    UNION ALL
    SELECT pg_notify(${BATCHES_CHANNEL}, payload) FROM events
    WHERE octet_length(payload) <= ${INLINE_BATCH_MAX_BYTES}
  )`;

/** The maintenance job: batches every process has long read. */
export async function purgeOldBatches(db: Database, now: Date) {
  await db
    .delete(realtimeBatches)
    .where(lt(realtimeBatches.createdAt, new Date(now.getTime() - BATCH_KEPT_MS)));
}

/**
 * One open event stream: whose it is, how to send to it, how to end it (telling the browser to
 * come back after `retryMs`, when given).
 */
export interface Stream {
  userId: string;
  sessionHash: string;
  send(event: RealtimeEvent): void;
  end(retryMs?: number): void;
  /**
   * Stops the stream here without ending its response, and gives up its connection for another
   * process to go on with (decision 042); null, and the stream untouched, if the connection has
   * bytes not yet written.
   */
  release?(): ReleasedStream | null;
}

/** An open stream's connection, its response's headers sent, handed from one process to another. */
export interface ReleasedStream {
  userId: string;
  sessionHash: string;
  socket: Socket;
  /** Whether the response's body is chunked (HTTP/1.1); an HTTP/1.0 one ends with the connection. */
  chunked: boolean;
}

/** Gives a released stream to another process; false if it could not, and the caller ends it. */
export type HandOver = (stream: ReleasedStream) => Promise<boolean>;

export interface RealtimeHub {
  /** Adds a stream; returns what removes it again. */
  subscribe(stream: Stream): () => void;
  /** How many streams this process holds open for one session of one user. */
  streamsOfSession(userId: string, sessionHash: string): number;
  connections(): number;
  /** Ends every stream, each told to come back at a random moment within the window. */
  endAll(): void;
  /**
   * A closing process's streams, each given a random moment within the window, as endAll gives
   * them. Without `handOver`, each is ended at once, told to come back at its moment. With it (a
   * rolling restart), they are handed over meanwhile, latest moments first, and one still here at
   * its moment is ended then, told to come back at once: they leave over the window either way
   * (decision 042). Resolves once none is left.
   */
  closeAll(): Promise<void>;
  /** Where closeAll hands the streams: set by a process that a rolling restart retires. */
  handOver: HandOver | null;
  /**
   * A rolling restart's old process, once the new ones are ready and it stopped accepting: sets
   * `handOver` and hands its streams over from now, one at a time, while it waits for its turn to
   * close (decision 044). closeAll stops this and lets the rest go over its window.
   */
  startHandOver(handOver: HandOver): void;
  /**
   * Set while the processes that take this one's streams are busy (a rolling restart's new ones):
   * closeAll's clock for the streams' moments then stands still, so reconnections wait instead of
   * queueing in front of the pings they serve. It stretches the window at most CLOSE_STRETCH_MAX
   * times (decision 043).
   */
  held: boolean;
  /** Called once closeAll has let every stream go, handed over or ended. */
  onStreamsGone: (() => void) | null;
  close(): Promise<void>;
}

function matches(stream: Stream, revocation: Revocation): boolean {
  if (revocation.sessionHash) return stream.sessionHash === revocation.sessionHash;
  return stream.sessionHash !== revocation.exceptSessionHash;
}

/** Reads a notification's JSON; one that cannot be read is logged and dropped. */
function parserLoggingTo(log: FastifyBaseLogger) {
  return <T>(payload: string): T | null => {
    try {
      return JSON.parse(payload) as T;
    } catch (error) {
      log.warn({ err: error }, 'dropped a malformed realtime notification');
      return null;
    }
  };
}

/**
 * Hands lists of events to `deliver` in the order they were given, though some must be read
 * first: a batch still being read holds back those after it, so a Stop's event never overtakes its
 * Start's (decision 040).
 */
function inOrder(log: FastifyBaseLogger, deliver: (envelope: Envelope) => void) {
  let delivered: Promise<void> = Promise.resolve();
  return (envelopes: Promise<Envelope[] | null>) => {
    const read = envelopes.catch((error: unknown) => {
      log.warn({ err: error }, 'could not read a realtime batch');
      return null;
    });
    // Each link ends settled: one that rejected would hold back every event after it, for good,
    // and its unhandled rejection would end the process.
    delivered = delivered
      .then(() => read)
      .then((list) => {
        if (!Array.isArray(list)) return;
        for (const envelope of list) {
          if (isEnvelope(envelope)) deliver(envelope);
          else log.warn('dropped a realtime event that names no user');
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'could not deliver realtime events'));
  };
}

/** JSON from a notification is only as well formed as whoever sent it. */
function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, event } = value as Partial<Envelope>;
  return typeof userId === 'string' && typeof event === 'object' && event !== null;
}

/** The events of a batch too large for its NOTIFY, as JSON; null once purged. */
async function readBatch(db: Database, id: number): Promise<string | null> {
  const [row] = await prepared(db, 'read_realtime_batch', (db, name) =>
    db
      .select({ payload: realtimeBatches.payload })
      .from(realtimeBatches)
      .where(eq(realtimeBatches.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  return row?.payload ?? null;
}

/**
 * What this process hears on the three channels, for its own streams (`byUser`): events to hand
 * to a user's streams in order, and sessions that ended, whose streams end. Resolves, once it
 * listens, to the function that stops listening.
 */
async function listenForStreams(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  byUser: Map<string, Set<Stream>>,
  endAll: () => void,
) {
  const parse = parserLoggingTo(log);
  const deliver = (envelope: Envelope) => {
    for (const stream of byUser.get(envelope.userId) ?? []) stream.send(envelope.event);
  };
  const deliverInOrder = inOrder(log, deliver);
  const stopEvents = await database.listen(EVENTS_CHANNEL, (payload) => {
    const envelope = parse<Envelope>(payload);
    if (envelope) deliverInOrder(Promise.resolve([envelope]));
  });
  const stopBatches = await database.listen(BATCHES_CHANNEL, (payload) => {
    // A process with no open stream has nobody to tell.
    if (byUser.size === 0) return;
    // The events themselves, or the id of the row that holds them (batchPublished).
    deliverInOrder(
      payload.startsWith('[')
        ? Promise.resolve(parse<Envelope[]>(payload))
        : readBatch(database.db, Number(payload)).then((row) =>
            row === null ? null : parse<Envelope[]>(row),
          ),
    );
  });
  const stopRevocations = await database.listen(
    REVOCATIONS_CHANNEL,
    (payload) => {
      // The session caches settle revocations on this channel (db/notifications/subscription.ts).
      if (isSettleMessage(payload)) return;
      const revocation = parse<Revocation>(payload);
      if (!revocation) return;
      for (const stream of [...(byUser.get(revocation.userId) ?? [])]) {
        if (matches(stream, revocation)) stream.end();
      }
    },
    // Revocations and events sent while the listening connection was down were never heard:
    // every stream comes back, its session is checked afresh, and its page refetches.
    (state) => {
      if (state !== 'restored' || byUser.size === 0) return;
      log.warn(
        { streams: [...byUser.values()].reduce((sum, set) => sum + set.size, 0) },
        'notifications may have been missed: ending streams',
      );
      endAll();
    },
  );
  return async () => {
    await stopEvents();
    await stopBatches();
    await stopRevocations();
  };
}

/**
 * Every process LISTENs once per channel: it hands each event to its own streams of that user, and
 * ends its streams of a session that ended, whichever process ended it.
 */
export async function createRealtimeHub(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  reconnectWindowMs: number,
): Promise<RealtimeHub> {
  const byUser = new Map<string, Set<Stream>>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const endAll = () => {
    for (const stream of all()) stream.end(randomInt(reconnectWindowMs + 1));
  };
  const stopListening = await listenForStreams(database, log, byUser, endAll);
  const closing = createClosing(() => hub, byUser, reconnectWindowMs);
  const hub: RealtimeHub = {
    subscribe(stream) {
      const set = byUser.get(stream.userId) ?? new Set();
      set.add(stream);
      byUser.set(stream.userId, set);
      // Once: a second call after the user's set was emptied would remove a newer set of theirs.
      return () => {
        if (!set.delete(stream)) return;
        if (set.size === 0 && byUser.get(stream.userId) === set) byUser.delete(stream.userId);
      };
    },
    // Only the user's own streams are looked at: a connect never scans every stream in the process.
    streamsOfSession: (userId, sessionHash) =>
      [...(byUser.get(userId) ?? [])].filter((stream) => stream.sessionHash === sessionHash).length,
    connections: () => all().length,
    endAll,
    handOver: null,
    startHandOver: closing.startHandOver,
    held: false,
    onStreamsGone: null,
    closeAll: closing.closeAll,
    close: stopListening,
  };
  return hub;
}
