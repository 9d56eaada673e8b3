import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';

/**
 * The NOTIFY channels the in-process caches listen on (decision 013). The triggers of migrations
 * 0005 and 0010 notify the public-changes and settings channels; `publishRevocation` (below)
 * and a trigger on banned or promoted users notify the revocations channel.
 */
export const REVOCATIONS_CHANNEL = 'btcp_revocations';
export const PUBLIC_CHANGES_CHANNEL = 'btcp_public_changes';
export const SETTINGS_CHANNEL = 'btcp_settings_changes';

/**
 * What ended, for one user: one session (`sessionHash`, a logout), or every session but the one
 * named in `exceptSessionHash` (a password change, a reset, a ban or a role change).
 */
export interface Revocation {
  userId: string;
  sessionHash?: string | undefined;
  exceptSessionHash?: string | undefined;
}

/**
 * Tells every process that sessions ended; in a transaction, only once it commits. It sits here,
 * below the modules, because sessions (auth) and the streams (realtime) both stand on it
 * (docs/decisions/050-modules-point-one-way.md).
 */
export async function publishRevocation(db: DatabaseOrTransaction, revocation: Revocation) {
  await db.execute(sql`SELECT pg_notify(${REVOCATIONS_CHANNEL}, ${JSON.stringify(revocation)})`);
}
