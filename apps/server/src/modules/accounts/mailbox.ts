import { eq, or, type SQL, sql } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { normalizeEmail } from '#server/lib/email-identity.ts';

/**
 * The accounts whose address is this one's mailbox (decision 031): the same address in any case,
 * or the same normalised mailbox (dots and `+tags` where the provider ignores them).
 */
export function sameMailbox(email: string): SQL {
  return or(
    eq(sql`lower(${users.email})`, email.toLowerCase()),
    eq(users.emailNormalized, normalizeEmail(email)),
  ) as SQL;
}
