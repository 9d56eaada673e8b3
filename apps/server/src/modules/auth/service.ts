import { createHash } from 'node:crypto';
import type { SessionState } from '@btcp/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminUsers, profiles, sessions, users } from '../../db/schema.ts';

/** Sessions are stored by the SHA-256 of their token, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findUserBySessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<NonNullable<SessionState['user']> | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isBanned: profiles.isBanned,
      isModerator: profiles.isAdmin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, 'user'),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findAdminBySessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<NonNullable<SessionState['admin']> | null> {
  const [row] = await db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, 'admin'),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
