import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `DESC NULLS LAST`, as drizzle-kit writes `.desc()` index columns: a plain `DESC` (nulls first)
 * would not match those indexes, and PostgreSQL would sort every row instead of reading in order.
 * Every list shown newest (or largest) first orders with this.
 */
export const newestFirst = (column: AnyColumn | SQL): SQL => sql`${column} DESC NULLS LAST`;
