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
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onGap?: (state: 'lost' | 'restored') => void,
    label?: string,
  ): Promise<() => Promise<void>>;
  /**
   * How many listeners, in every process on this database, were started with this `label` and
   * are listening right now.
   */
  listeners(label: string): Promise<number>;
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
    const listening = new Map<string, number>();
    const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
    return {
      db,
      kind: 'embedded',
      // One process owns an embedded database, so there is nobody to race.
      migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
      async listen(channel, handler, _onGap, label = channel) {
        const unlisten = await client.listen(channel, handler);
        listening.set(label, (listening.get(label) ?? 0) + 1);
        return async () => {
          listening.set(label, (listening.get(label) ?? 1) - 1);
          await unlisten();
        };
      },
      // One process owns an embedded database: its own count is everyone's.
      listeners: async (label) => listening.get(label) ?? 0,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 20 });
  // An idle connection that the server drops (a restart, a terminated backend) must not crash the
  // process; the pool opens a new one on the next checkout.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
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
    listen: (channel, handler, onGap, label = channel) =>
      listenOnServer(target.url, channel, handler, onGap, label),
    async listeners(label) {
      const result = await pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1`,
        [listenerName(label)],
      );
      return result.rows[0]?.count ?? 0;
    },
    close: () => pool.end(),
  };
}

const RECONNECT_DELAY_MS = 1000;

/** The application_name of a listening connection, so listeners can be counted by label. */
const listenerName = (label: string) => `btcp listen ${label}`.slice(0, 63);

/** A dedicated connection that LISTENs, and reconnects (and LISTENs again) when it drops. */
async function listenOnServer(
  url: string,
  channel: string,
  handler: (payload: string) => void,
  onGap: ((state: 'lost' | 'restored') => void) | undefined,
  label: string,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let lost = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: listenerName(label) });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    next.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    next.on('end', () => {
      if (stopped) return;
      if (!lost) {
        lost = true;
        onGap?.('lost');
      }
      setTimeout(() => void connect().catch(() => {}), RECONNECT_DELAY_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    if (lost) {
      lost = false;
      onGap?.('restored');
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** One round trip, prepared: what /api/health and load balancers call every few seconds. */
export async function pingDatabase(db: Database): Promise<void> {
  await prepared(db, 'ping', (db, name) =>
    db.select({ one: sql<number>`1` }).from(sql`(SELECT 1) AS ping`).prepare(name),
  ).execute();
}
