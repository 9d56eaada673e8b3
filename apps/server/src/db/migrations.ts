import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Any fixed number: it names the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_202_611;
/** PostgreSQL's lock_not_available, what a statement gets when lock_timeout runs out. */
const LOCK_NOT_AVAILABLE = '55P03';

export interface MigrationOptions {
  migrationsFolder: string;
  /** How long one statement may wait for a table lock before the migration gives up. */
  lockTimeoutMs?: number;
  /** How many times a migration that gave up is tried again, after `pauseMs`. */
  attempts?: number;
  pauseMs?: number;
  onRetry?: (attempt: number, error: unknown) => void;
}

const isLockTimeout = (error: unknown) => {
  for (let current = error; current && typeof current === 'object'; ) {
    if ((current as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Applies the committed migrations on a PostgreSQL server, one process at a time (an advisory
 * lock). A statement that needs a table lock waits at most `lockTimeoutMs`: a migration queued
 * behind a long transaction would otherwise make every later query of that table (the miners'
 * pings) queue behind it. It gives up, its transaction rolls back, and it is tried again later.
 */
export async function migrateServer(pool: pg.Pool, options: MigrationOptions): Promise<void> {
  const { lockTimeoutMs = 5_000, attempts = 12, pauseMs = 5_000 } = options;
  for (let attempt = 1; ; attempt++) {
    const connection = await pool.connect();
    try {
      await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await connection.query(`SET lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
      await migrate(drizzle({ client: connection }), {
        migrationsFolder: options.migrationsFolder,
      });
      return;
    } catch (error) {
      if (!isLockTimeout(error) || attempt >= attempts) {
        if (isLockTimeout(error)) {
          throw new Error(
            `a migration waited ${lockTimeoutMs} ms for a table lock ${attempts} times and gave up: a long transaction holds it (see pg_stat_activity); start again once it ends`,
            { cause: error },
          );
        }
        throw error;
      }
      options.onRetry?.(attempt, error);
    } finally {
      await connection.query('RESET lock_timeout').catch(() => {});
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      connection.release();
    }
    await sleep(pauseMs);
  }
}
