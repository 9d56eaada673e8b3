import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A hot query prepared once per database handle (docs/decisions/013): Drizzle builds its SQL a single time,
 * and on PostgreSQL the driver sends it as a named statement, so each pooled connection parses and
 * plans it once instead of on every call. `name` must be unique to the statement's text.
 *
 *   const row = await prepared(db, 'health_ping', (db) => db.execute(...).prepare(...))
 */
export function prepared<T>(
  db: Database,
  name: string,
  build: (db: Database, name: string) => T,
): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * A list of ids as one PostgreSQL array parameter (`= ANY($1::uuid[])`), so the statement's text is
 * the same for any number of ids and stays prepared. Ids come from our own rows or hashes (UUIDs,
 * hex digests: nothing to quote), never from a request.
 */
export function idArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * A WHERE condition, always true, that lets the statement's own transaction commit without
 * waiting for the disk (decision 014): for what is not money, such as a ping or when a user was
 * last seen. The setting ends with that transaction; a crash can lose the last few hundred
 * milliseconds of such writes.
 */
export const commitsWithoutWaitingForDisk = () =>
  sql`set_config('synchronous_commit', 'off', true) IS NOT NULL`;
