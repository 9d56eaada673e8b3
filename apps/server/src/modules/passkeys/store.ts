import { type Passkey, passkeyMessages } from '@btcp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { passkeys } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import type { Member } from './registration.ts';

type PasskeyRow = typeof passkeys.$inferSelect;

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

/** A member's passkeys, oldest first: the order they were added in. */
export async function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

/** Someone else's passkey is a 404, like one that does not exist. */
const ownPasskey = (userId: string, id: string) =>
  and(eq(passkeys.id, id), eq(passkeys.userId, userId));

export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db.update(passkeys).set({ name }).where(ownPasskey(userId, id)).returning();
  if (!row) throw notFound(passkeyMessages.notFound);
  return toPasskey(row);
}

/** Removes one of the member's passkeys and tells the owner by mail, in one transaction. */
export async function removePasskey(ctx: ServiceContext, member: Member, id: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(ownPasskey(member.id, id))
      .returning({ id: passkeys.id });
    if (!removed) throw notFound(passkeyMessages.notFound);
    await queueSecurityNotice(tx, member.email, 'passkey_removed', now);
  });
}
