import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { endedSessions } from '#server/db/schema.ts';

/**
 * Member sessions ended from another of the member's sessions (decision 057). Only those: a
 * session that expired, or that staff ended, is not said to have been signed out "from another
 * device".
 */
export async function recordEndedElsewhere(
  db: DatabaseOrTransaction,
  ended: { tokenHash: string; expiresAt: Date }[],
): Promise<void> {
  if (ended.length === 0) return;
  await db.insert(endedSessions).values(ended).onConflictDoNothing();
}

/** Whether the session of this token hash was ended elsewhere and its cookie could still be live. */
export async function wasEndedElsewhere(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: endedSessions.tokenHash })
    .from(endedSessions)
    .where(and(eq(endedSessions.tokenHash, tokenHash), gt(endedSessions.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** Past its session's expiry no cookie can name it any more. */
export async function purgeEndedSessions(db: Database, now: Date): Promise<void> {
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now));
}
