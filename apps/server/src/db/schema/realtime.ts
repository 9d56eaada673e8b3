import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The live events of one crediting tick (decision 014): one row and one NOTIFY carrying its id, so
 * a batch of any size reaches every process (a NOTIFY payload holds 8,000 bytes at most). Rows are
 * read within seconds and purged by the maintenance job.
 */
export const realtimeBatches = pgTable(
  'realtime_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('realtime_batches_created_idx').on(table.createdAt)],
);
