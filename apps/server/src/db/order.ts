import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * `DESC NULLS LAST`, as drizzle-kit writes `.desc()` index columns: a plain `DESC` (nulls first)
 * would not match those indexes, and PostgreSQL would sort every row instead of reading in order.
 * Every list shown newest (or largest) first orders with this.
 */
export const newestFirst = (column: AnyColumn | SQL): SQL => sql`${column} DESC NULLS LAST`;

/** A timestamp as whole microseconds since the epoch, for cursors (exact in a JS number). */
export const microsOf = (column: AnyColumn): SQL<number> =>
  sql<number>`(extract(epoch from ${column}) * 1000000)::double precision`.mapWith(Number);

export const timestampAt = (micros: number | Placeholder): SQL =>
  sql`(timestamptz 'epoch' + ${micros}::double precision * interval '1 microsecond')`;
