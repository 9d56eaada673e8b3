import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.ts';
import { migrateServer } from './migrations.ts';
import {
  countAnswerers,
  createEmbeddedListener,
  type Listen,
  PostgresListener,
} from './notifications/listener.ts';
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
   * database (decision 008). Resolves to a function that stops it.
   * `onGap` hears when the listening connection is lost (notifications may be missed from then on)
   * and when it is listening again, so a cache that trusts notifications can stop trusting them.
   * With `answers`, the listener is counted by `answerers` (it answers settle markers).
   */
  listen: Listen;
  /**
   * How many listeners on `channel`, in every process on this database, were started with
   * `answers` and are listening right now.
   */
  answerers(channel: string): Promise<number>;
  /** Whether the listening connection is up, so no notification is being missed right now. */
  isListening(): boolean;
  /** How many times the listening connection came back after it was lost (for the metrics). */
  listenerReconnects(): number;
  /** The pool's connections right now; null on PGlite, which has one connection and no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Checkouts queued for a connection: above zero, the pool is the bottleneck. */
  waiting: number;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export type DatabaseTarget =
  /** `template`: an in-memory database starts as a copy of this dump (PGlite's dumpDataDir). */
  | { kind: 'embedded'; dataDir: string | null; template?: Blob }
  | {
      kind: 'postgres';
      /** The pooled queries: PostgreSQL itself, or a pooler in transaction mode before it. */
      url: string;
      /** What needs a session of its own (LISTEN, the migrations' lock); `url` unless given. */
      sessionUrl?: string;
      /** Named prepared statements on the pooled connections; true unless given (decision 054). */
      preparedStatements?: boolean;
    };

/** What a test may watch: every statement the application sends, with its parameters. */
export interface DatabaseOptions {
  onQuery?: (sql: string, params: unknown[]) => void;
  /** Pooled connections to a PostgreSQL server (listeners come on top); 20 unless given. */
  poolSize?: number;
}

type PostgresTarget = Extract<DatabaseTarget, { kind: 'postgres' }>;
const postgresTargets = new WeakMap<Database, PostgresTarget>();

/**
 * The PostgreSQL server a database handle's queries go to, so another process can open the same
 * one (a snapshot's, decision 053); null on PGlite, which belongs to this process alone.
 */
export const postgresTargetOf = (db: Database): PostgresTarget | null =>
  postgresTargets.get(db) ?? null;

/** Opens PGlite in a folder (or in memory with `dataDir: null`), or a pool to a PostgreSQL server. */
export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  if (target.kind === 'embedded') {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    const client = target.dataDir
      ? new PGlite(target.dataDir)
      : new PGlite(target.template ? { loadDataDir: target.template } : {});
    await client.waitReady;
    const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
    return {
      ...createEmbeddedListener(client),
      isListening: () => true,
      listenerReconnects: () => 0,
      poolStats: () => null,
      db,
      kind: 'embedded',
      // One process owns an embedded database, so there is nobody to race.
      migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 20,
    ...(target.preparedStatements === false ? { Client: UnnamedStatementClient } : {}),
  });
  // An idle connection that the server drops (a restart, a terminated backend) must not crash the
  // process; the pool opens a new one on the next checkout.
  pool.on('error', () => {});
  // A connection lost while checked out between two statements (a transaction's) would have no
  // listener and crash the process: its query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
  postgresTargets.set(db, target);
  const sessionUrl = target.sessionUrl ?? target.url;
  const listener = new PostgresListener(sessionUrl);
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      sessionUrl === target.url
        ? migrateServer(pool, { migrationsFolder })
        : onSessionPool(sessionUrl, (session) => migrateServer(session, { migrationsFolder })),
    listen: listener.listen,
    answerers: (channel) => countAnswerers(pool, channel),
    isListening: () => listener.isListening(),
    listenerReconnects: () => listener.reconnects,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A pooled connection that sends every statement unnamed (decision 054): a pooler in transaction
 * mode hands each transaction to any server connection, where a statement prepared by name on
 * another would be missing. Each statement is then parsed and planned every time it runs.
 */
class UnnamedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; all are passed on.
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _, ...unnamed } = config;
      return (super.query as (...args: unknown[]) => unknown)(unnamed, ...rest);
    }
    return (super.query as (...args: unknown[]) => unknown)(config, ...rest);
  }
}

/** A pool of one session on `url` for `work`, ended after it. */
async function onSessionPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const session = new pg.Pool({ connectionString: url, max: 1 });
  session.on('error', () => {});
  try {
    return await work(session);
  } finally {
    await session.end();
  }
}

/** One round trip, prepared: what /api/health and load balancers call every few seconds. */
export async function pingDatabase(db: Database): Promise<void> {
  await prepared(db, 'ping', (db, name) =>
    db.select({ one: sql<number>`1` }).from(sql`(SELECT 1) AS ping`).prepare(name),
  ).execute();
}
