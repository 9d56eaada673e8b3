import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { prepared } from './prepared.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'embedded' | 'postgres';
/** A database transaction, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a statement may run: the database, or a transaction opened on it. */
export type DatabaseOrTransaction = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed SQL migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process using this
   * database (ARCHITECTURE: real-time over LISTEN/NOTIFY). Resolves to a function that stops it.
   * `onGap` hears when the listening connection is lost (notifications may be missed from then on)
   * and when it is listening again, so a cache that trusts notifications can stop trusting them.
   * With `answers`, the listener is counted by `answerers` (it answers settle markers).
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onGap?: (state: 'lost' | 'restored') => void,
    options?: { answers?: boolean },
  ): Promise<() => Promise<void>>;
  /**
   * How many listeners on `channel`, in every process on this database, were started with
   * `answers` and are listening right now.
   */
  answerers(channel: string): Promise<number>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Any fixed number: it names the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_202_611;

export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string | null }
  | { kind: 'postgres'; url: string };

/** What a test may watch: every statement the application sends, with its parameters. */
export interface DatabaseOptions {
  onQuery?: (sql: string, params: unknown[]) => void;
  /** Pooled connections to a PostgreSQL server (listeners come on top); 20 unless given. */
  poolSize?: number;
}

/** Opens PGlite in a folder (or in memory with `dataDir: null`), or a pool to a PostgreSQL server. */
export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  if (target.kind === 'embedded') {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    await client.waitReady;
    const answering = new Map<string, number>();
    const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
    return {
      db,
      kind: 'embedded',
      // One process owns an embedded database, so there is nobody to race.
      migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
      async listen(channel, handler, _onGap, options = {}) {
        const unlisten = await client.listen(channel, handler);
        if (options.answers) answering.set(channel, (answering.get(channel) ?? 0) + 1);
        return async () => {
          if (options.answers) answering.set(channel, (answering.get(channel) ?? 1) - 1);
          await unlisten();
        };
      },
      // One process owns an embedded database: its own count is everyone's.
      answerers: async (channel) => answering.get(channel) ?? 0,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 20 });
  // An idle connection that the server drops (a restart, a terminated backend) must not crash the
  // process; the pool opens a new one on the next checkout.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
  const listener = createListener(target.url);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection
          .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        connection.release();
      }
    },
    listen: listener.listen,
    async answerers(channel) {
      // Each listening connection names its answering channels, each with its listeners' count.
      const result = await pool.query<{ count: number }>(
        `SELECT coalesce(sum(split_part(answering, '*', 2)::int), 0)::int AS count
         FROM pg_stat_activity,
           unnest(string_to_array(substring(application_name from $1), ',')) AS answering
         WHERE datname = current_database() AND starts_with(application_name, $2)
           AND split_part(answering, '*', 1) = $3`,
        [LISTENER_NAME.length + 2, `${LISTENER_NAME} `, channel],
      );
      return result.rows[0]?.count ?? 0;
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;
/** The application_name of a listening connection; its answering channels follow it. */
const LISTENER_NAME = 'btcp listen';
/** What PostgreSQL keeps of an application_name, in bytes. */
const MAX_APPLICATION_NAME = 63;

interface Listening {
  handler: (payload: string) => void;
  onGap: ((state: 'lost' | 'restored') => void) | undefined;
  answers: boolean;
}

/**
 * One connection per process LISTENs on every channel the process needs, and reconnects (and
 * LISTENs again) when it drops. PostgreSQL wakes every listening connection of the database for
 * each NOTIFY, whatever its channel: with a connection per channel, four processes kept twenty
 * backends to wake for each miner's start (issue 12). Its application_name lists the channels on
 * which it answers settle markers, each with how many listeners answer, so `answerers` can count
 * them (`btcp listen btcp_revocations*1,btcp_settings_changes*1`).
 */
function createListener(url: string) {
  const channels = new Map<string, Set<Listening>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let lost = false;
  let reconnecting: NodeJS.Timeout | null = null;
  // Connections ended on purpose: their end is no gap.
  const retired = new WeakSet<pg.Client>();
  const everyone = () => [...channels.values()].flatMap((set) => [...set]);
  const applicationName = () => {
    const answering = [...channels].flatMap(([channel, set]) => {
      const count = [...set].filter((listening) => listening.answers).length;
      return count > 0 ? [`${channel}*${count}`] : [];
    });
    const name = [LISTENER_NAME, answering.sort().join(',')].join(' ');
    if (Buffer.byteLength(name) > MAX_APPLICATION_NAME) {
      throw new Error(`too many answering listeners to name in application_name: ${name}`);
    }
    return name;
  };
  /** The connection names its answering listeners anew (`answerers` reads the name). */
  const rename = (current: pg.Client) =>
    current.query(`SELECT set_config('application_name', $1, false)`, [applicationName()]);
  const reconnectSoon = () => {
    if (reconnecting || channels.size === 0) return;
    reconnecting = setTimeout(() => {
      reconnecting = null;
      connected().catch(reconnectSoon);
    }, RECONNECT_DELAY_MS);
    reconnecting.unref();
  };
  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url, application_name: applicationName() });
    next.on('notification', ({ channel, payload }) => {
      if (payload === undefined) return;
      for (const listening of [...(channels.get(channel) ?? [])]) listening.handler(payload);
    });
    next.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    next.on('end', () => {
      if (retired.has(next)) return;
      if (client === next) client = null;
      if (!lost) {
        lost = true;
        for (const listening of everyone()) listening.onGap?.('lost');
      }
      reconnectSoon();
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) {
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      retired.add(next);
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    if (lost) {
      lost = false;
      for (const listening of everyone()) listening.onGap?.('restored');
    }
    return next;
  };
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    opening ??= open().finally(() => {
      opening = null;
    });
    return opening;
  };
  const retire = async () => {
    if (reconnecting) clearTimeout(reconnecting);
    reconnecting = null;
    const current = client;
    client = null;
    lost = false;
    if (current) {
      retired.add(current);
      await current.end().catch(() => {});
    }
  };
  const stop = async (channel: string, listening: Listening) => {
    const set = channels.get(channel);
    if (!set?.delete(listening)) return;
    if (set.size === 0) channels.delete(channel);
    if (channels.size === 0) return retire();
    const current = client;
    if (!current) return;
    if (set.size === 0) await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
    if (listening.answers) await rename(current);
  };
  return {
    async listen(
      channel: string,
      handler: (payload: string) => void,
      onGap?: (state: 'lost' | 'restored') => void,
      options: { answers?: boolean } = {},
    ): Promise<() => Promise<void>> {
      const listening: Listening = { handler, onGap, answers: options.answers ?? false };
      const set = channels.get(channel) ?? new Set();
      set.add(listening);
      channels.set(channel, set);
      try {
        const current = await connected();
        await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (listening.answers) await rename(current);
      } catch (error) {
        await stop(channel, listening).catch(() => {});
        throw error;
      }
      return () => stop(channel, listening).catch(() => {});
    },
    close: async () => {
      channels.clear();
      await retire();
    },
  };
}

/** One round trip, prepared: what /api/health and load balancers call every few seconds. */
export async function pingDatabase(db: Database): Promise<void> {
  await prepared(db, 'ping', (db, name) =>
    db.select({ one: sql<number>`1` }).from(sql`(SELECT 1) AS ping`).prepare(name),
  ).execute();
}
