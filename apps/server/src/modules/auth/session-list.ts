import { createHash } from 'node:crypto';
import { type SessionInfo, sessionMessages } from '@btcp/shared';
import Bowser from 'bowser';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import { sessions } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { recordEndedElsewhere } from './ended-sessions.ts';

/** Whose sessions: a member's (users.id) or an admin's (admin_users.id). */
export interface SessionOwner {
  kind: 'user' | 'admin';
  id: string;
}

/**
 * The id a session list shows: derived from the session's key (the token's hash) one way, so the
 * page never holds the key itself nor anything a cookie could be made from.
 */
export const publicSessionId = (tokenHash: string) =>
  createHash('sha256').update(`session-id:${tokenHash}`).digest('base64url').slice(0, 22);

const ownedBy = (owner: SessionOwner) =>
  owner.kind === 'user' ? eq(sessions.userId, owner.id) : eq(sessions.adminId, owner.id);

/** Bowser's platform types as the session list's icons: a phone, a tablet, anything else. */
const devices: Record<string, SessionInfo['device']> = { mobile: 'phone', tablet: 'tablet' };

/**
 * "Chrome 131", "Windows 10" and the kind of device from a user agent; plain words (and a desktop)
 * when there is none to read.
 */
/** What a session or device says of a system its user agent does not name. */
export const UNKNOWN_SYSTEM = 'Unknown system';

export function describeUserAgent(
  userAgent: string | null,
): Pick<SessionInfo, 'browser' | 'system' | 'device'> {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const major = parsed?.browser.version?.split('.')[0];
  const browser = parsed?.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'Unknown browser';
  const os = parsed?.os;
  const system = os?.name
    ? `${os.name}${os.versionName ? ` ${os.versionName}` : os.version ? ` ${os.version}` : ''}`
    : UNKNOWN_SYSTEM;
  const device = devices[parsed?.platform.type ?? ''] ?? 'desktop';
  return { browser, system, device };
}

async function liveSessions(db: Database, owner: SessionOwner, now: Date) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(ownedBy(owner), eq(sessions.kind, owner.kind), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** The owner's live sessions, the most recently active first, the asking one marked. */
export async function listSessions(
  db: Database,
  owner: SessionOwner,
  currentHash: string | undefined,
  now: Date,
): Promise<SessionInfo[]> {
  const rows = await liveSessions(db, owner, now);
  return rows.map((row) => ({
    id: publicSessionId(row.tokenHash),
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    startedAt: row.createdAt.toISOString(),
    // The session that asks is active now, whatever the batched write has recorded so far.
    lastActiveAt: (row.tokenHash === currentHash ? now : row.lastUsedAt).toISOString(),
    current: row.tokenHash === currentHash,
  }));
}

/**
 * Ends sessions of the owner: their rows go and, for a member, their event streams end in every
 * process (the revocation notice, which also empties the session caches).
 */
async function endSessions(db: Database, owner: SessionOwner, tokenHashes: string[]) {
  if (tokenHashes.length === 0) return;
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(ownedBy(owner), inArray(sessions.tokenHash, tokenHashes)))
      .returning({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt });
    if (owner.kind === 'user') {
      await recordEndedElsewhere(tx, ended);
      for (const sessionHash of tokenHashes) {
        await publishRevocation(tx, { userId: owner.id, sessionHash });
      }
    }
  });
}

/** Ends one of the owner's sessions by its listed id; another account's id is not found. */
export async function endSessionById(db: Database, owner: SessionOwner, id: string, now: Date) {
  const rows = await liveSessions(db, owner, now);
  const match = rows.find((row) => publicSessionId(row.tokenHash) === id);
  if (!match) throw notFound(sessionMessages.sessionNotFound);
  await endSessions(db, owner, [match.tokenHash]);
}
