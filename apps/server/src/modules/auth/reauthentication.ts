import { ErrorCode, REAUTHENTICATION_WINDOW_MS, reauthenticationMessages } from '@btcp/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { adminUsers, sessions, users } from '#server/db/schema.ts';
import { AppError, badRequest, unauthorized } from '#server/errors.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { sessionToken } from './sessions.ts';

type Kind = 'user' | 'admin';

function currentHash(request: FastifyRequest, kind: Kind): string {
  const token = sessionToken(request, kind);
  if (!token) throw unauthorized();
  return hashToken(token);
}

/**
 * Decision 025: the data export (and, as they come, the other sensitive account changes) need the
 * password entered within the last 10 minutes in this very session; signing in counts. A 403
 * REAUTHENTICATION_REQUIRED tells the page to ask for it and try again.
 */
export async function requireRecentAuthentication(request: FastifyRequest, kind: Kind) {
  const { db, clock } = request.server;
  const [row] = await db
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, currentHash(request, kind)), eq(sessions.kind, kind)));
  if (!row) throw unauthorized();
  if (!row.at || clock.now().getTime() - row.at.getTime() > REAUTHENTICATION_WINDOW_MS) {
    throw new AppError(403, ErrorCode.reauthenticationRequired, reauthenticationMessages.required);
  }
}

/** Checks the account's password and, when it matches, marks this session as just authenticated. */
export async function reauthenticate(
  request: FastifyRequest,
  kind: Kind,
  ownerId: string,
  password: string,
) {
  const { db } = request.server;
  const table = kind === 'user' ? users : adminUsers;
  const [owner] = await db
    .select({ passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, ownerId));
  if (!owner || !(await verifyPassword(owner.passwordHash, password))) {
    throw badRequest(reauthenticationMessages.incorrect, {
      password: reauthenticationMessages.incorrect,
    });
  }
  await markReauthenticated(request, kind);
}

/**
 * Marks the request's session as just authenticated, once the caller has proved it is them: with
 * the password here, or with a passkey (decision 028).
 */
export async function markReauthenticated(request: FastifyRequest, kind: Kind): Promise<void> {
  const { db, clock } = request.server;
  await db
    .update(sessions)
    .set({ reauthenticatedAt: clock.now() })
    .where(eq(sessions.tokenHash, currentHash(request, kind)));
}
