import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema.ts';

/**
 * A value made once and kept in a `system_settings` row, the same in every process (a generated
 * key or secret): the first process to store one wins, the others read that one. Without `make`
 * it only reads (undefined while none was stored). The caller checks the shape it reads back.
 */
export async function keptOnce(
  db: DatabaseOrTransaction,
  key: string,
  make?: () => unknown,
): Promise<unknown> {
  if (make) await db.insert(systemSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value;
}
