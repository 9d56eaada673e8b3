import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { emailTokens } from '#server/db/schema.ts';
import { hashToken } from './tokens.ts';

type LinkPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/**
 * Uses a one-time email link (D6): marks it used and answers its user (and, for an address
 * change, the new address), or null when the link is unknown, used, expired or for another
 * purpose. One conditional update, so a link opened twice at the same moment works once.
 */
export async function consumeEmailLink(
  tx: Transaction,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row ?? null;
}
