import { customType, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns many tables share. Money is numeric(20,8) everywhere (D10). */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A uuid primary key that PostgreSQL draws when the row is inserted. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();
export const money = (name: string) => numeric(name, { precision: 20, scale: 8 });
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/**
 * A full-text search document. Only ever written by PostgreSQL (a generated column) and read by
 * the search's own SQL, so the app never sees its text form.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
