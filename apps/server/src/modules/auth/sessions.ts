import type { SessionState } from '@btcp/shared';
import { and, desc, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { memberColumns } from '#server/db/members.ts';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import type { CachedSession, SessionCache } from '#server/db/notifications/session-cache.ts';
import { idArray, prepared } from '#server/db/prepared.ts';
import { adminUsers, emailTokens, profiles, sessions, users } from '#server/db/schema.ts';
import { hashToken, randomToken } from '#server/lib/tokens.ts';
import { purgeEndedSessions, recordEndedElsewhere, wasEndedElsewhere } from './ended-sessions.ts';
import { SEEN_REFRESH_MS } from './last-seen.ts';

export type SessionUser = NonNullable<SessionState['user']>;
export type SessionAdmin = NonNullable<SessionState['admin']>;

const DAY_MS = 86_400_000;
/** D3: "Remember me" keeps a user 30 days; otherwise a browser-session cookie, 24 h on the server. */
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = DAY_MS;
export const ADMIN_SESSION_MS = 12 * 3_600_000;
/** D3: in production the cookies take the __Host- prefix (Secure, no Domain, Path=/). */
export function sessionCookieNames(isProduction: boolean) {
  const prefix = isProduction ? '__Host-' : '';
  return { user: `${prefix}btcp_session`, admin: `${prefix}btcp_admin_session` } as const;
}

function cookieName(request: FastifyRequest, kind: 'user' | 'admin') {
  return sessionCookieNames(request.server.config.isProduction)[kind];
}

interface NewSession {
  kind: 'user' | 'admin';
  ownerId: string;
  persistent: boolean;
  lifetimeMs: number;
}

/**
 * A member has proved who they are (a password, or a passkey): their session, kept across browser
 * restarts when they asked to be remembered, and the session state the page is told.
 */
export async function startMemberSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  remember: boolean,
): Promise<SessionState & { firstSignIn?: true }> {
  const { clock, lastSeen } = request.server;
  // Every request with a session marks the member seen, so never seen is never signed in: the
  // page greets them rather than welcoming them back (decision 057). Signing in counts as seen.
  const { neverSeen } = await startSession(request, reply, {
    kind: 'user',
    ownerId: user.id,
    persistent: remember,
    lifetimeMs: remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS,
  });
  lastSeen.mark(user.id, clock.now());
  const { id, email, isBanned, isModerator } = user;
  return {
    user: { id, email, isBanned, isModerator },
    admin: await findSessionAdmin(request),
    ...(neverSeen && { firstSignIn: true as const }),
  };
}

/**
 * Creates a session row and sets its cookie; a new token at every sign-in (D3). Answers whether
 * its member had never been seen before it, read in the same statement (false for an admin).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
): Promise<{ neverSeen: boolean }> {
  const { db, clock, config } = request.server;
  const token = randomToken();
  const expiresAt = new Date(clock.now().getTime() + session.lifetimeMs);
  const [started] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      kind: session.kind,
      userId: session.kind === 'user' ? session.ownerId : null,
      adminId: session.kind === 'admin' ? session.ownerId : null,
      persistent: session.persistent,
      expiresAt,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      // Signing in is entering the password: the sensitive actions need no second prompt at once.
      reauthenticatedAt: clock.now(),
    })
    // Columns named with their tables: a RETURNING writes them bare, and a bare name inside the
    // subquery is looked up in `users` first.
    .returning({
      neverSeen: sql<boolean>`${sessions}.user_id IS NOT NULL AND (SELECT ${users}.last_seen_at FROM ${users} WHERE ${users}.id = ${sessions}.user_id) IS NULL`,
    });
  reply.setCookie(cookieName(request, session.kind), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    ...(session.persistent ? { expires: expiresAt } : {}),
  });
  return { neverSeen: started?.neverSeen === true };
}

/** Deletes the request's session of that kind, if any, and clears its cookie. */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'user' | 'admin',
): Promise<void> {
  const token = request.cookies[cookieName(request, kind)];
  if (token) {
    const tokenHash = hashToken(token);
    const [ended] = await request.server.db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ userId: sessions.userId });
    // Its live event streams end too, in every process.
    if (ended?.userId) {
      await publishRevocation(request.server.db, { userId: ended.userId, sessionHash: tokenHash });
    }
  }
  clearSessionCookie(request, reply, kind);
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'admin') {
  reply.clearCookie(cookieName(request, kind), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.isProduction,
  });
}

/**
 * D3: a password change ends every session of the account but the one making the change. Ended
 * by the member (the default), the browsers that held them are told so (decision 057); ended by
 * staff, they are not said to have been signed out "from another device".
 */
export async function endOtherUserSessions(
  db: Database,
  userId: string,
  keepToken?: string,
  endedBy: 'member' | 'staff' = 'member',
) {
  const keepHash = keepToken ? hashToken(keepToken) : undefined;
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        and(eq(sessions.userId, userId), keepHash ? ne(sessions.tokenHash, keepHash) : undefined),
      )
      .returning({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt });
    if (endedBy === 'member') await recordEndedElsewhere(tx, ended);
  });
  await publishRevocation(db, { userId, exceptSessionHash: keepHash });
}

/**
 * The signed-out answer for a browser whose member cookie names no live session: when that session
 * was ended from another of the member's sessions, it says so once and the cookie is cleared.
 */
export async function endedElsewhere(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const token = sessionToken(request, 'user');
  if (!token) return false;
  const ended = await wasEndedElsewhere(
    request.server.db,
    hashToken(token),
    request.server.clock.now(),
  );
  if (ended) clearSessionCookie(request, reply, 'user');
  return ended;
}

export async function endOtherAdminSessions(db: Database, adminId: string, keepToken?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.adminId, adminId),
        keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
}

export function sessionToken(request: FastifyRequest, kind: 'user' | 'admin'): string | undefined {
  return request.cookies[cookieName(request, kind)];
}

/** A live user session by its token's hash: from the session cache when it holds it (decision 013). */
export function liveSession(
  sessionCache: SessionCache,
  tokenHash: string,
  nowMs: number,
): Promise<CachedSession | null> {
  const kept = sessionCache.get(tokenHash, nowMs);
  return kept ? Promise.resolve(kept) : sessionCache.load(tokenHash, nowMs);
}

/**
 * The signed-in user behind the request's cookie, refreshing when they were last seen. Answered
 * from the process's session cache when it can (decision 013); revocations empty it in every process.
 */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = sessionToken(request, 'user');
  if (!token) return null;
  const { clock, sessionCache } = request.server;
  const now = clock.now();
  const nowMs = now.getTime();
  const tokenHash = hashToken(token);
  const session = await liveSession(sessionCache, tokenHash, nowMs);
  if (!session) return null;
  if (nowMs - session.lastSeenAt > SEEN_REFRESH_MS) {
    session.lastSeenAt = nowMs;
    request.server.lastSeen.mark(session.user.id, now, tokenHash);
  }
  return session.user;
}

/** What the session cache keeps of a live user session, with the account it belongs to. */
const sessionColumns = {
  tokenHash: sessions.tokenHash,
  ...memberColumns,
  lastSeenAt: users.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

/** The live user sessions whose token hash `byToken` picks, each with its account. */
const liveUserSessions = (db: Database, byToken: SQL) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(byToken, eq(sessions.kind, 'user'), gt(sessions.expiresAt, sql.placeholder('now'))));

function toCachedSession(
  row: SessionUser & { tokenHash: string; lastSeenAt: Date | null; expiresAt: Date },
): CachedSession {
  const { tokenHash: _, lastSeenAt, expiresAt, ...user } = row;
  return { user, expiresAt: expiresAt.getTime(), lastSeenAt: lastSeenAt?.getTime() ?? 0 };
}

/**
 * Many live user sessions by their tokens' hashes, in one statement (prepared): the session cache
 * reads again those it has kept a while. A hash missing from the answer names a session that ended.
 * One hash, the usual read of a quiet process, has a statement of its own (decision 040): with an
 * array PostgreSQL plans each execution afresh for its length, with one value it keeps one plan.
 */
export async function readSessions(
  db: Database,
  tokenHashes: readonly string[],
  now: Date,
): Promise<Map<string, CachedSession>> {
  const [only] = tokenHashes;
  const rows =
    tokenHashes.length === 1 && only
      ? await prepared(db, 'read_user_session', (db, name) =>
          liveUserSessions(db, eq(sessions.tokenHash, sql.placeholder('tokenHash'))).prepare(name),
        ).execute({ tokenHash: only, now })
      : await prepared(db, 'read_user_sessions', (db, name) =>
          liveUserSessions(
            db,
            sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`,
          ).prepare(name),
        ).execute({ tokenHashes: idArray(tokenHashes), now });
  return new Map(rows.map((row) => [row.tokenHash, toCachedSession(row)]));
}

/**
 * The live user sessions used since `seenSince` by users seen since then, the latest first, at most
 * `limit`: what a process that starts keeps before it answers anyone (decision 038).
 */
export async function readRecentSessions(
  db: Database,
  seenSince: Date,
  now: Date,
  limit: number,
): Promise<Map<string, CachedSession>> {
  const rows = await prepared(db, 'read_recent_user_sessions', (db, name) =>
    liveUserSessions(
      db,
      // users_last_seen_at_idx narrows the read to the users seen lately.
      sql`${users.lastSeenAt} > ${sql.placeholder('seenSince')} AND ${sessions.lastUsedAt} > ${sql.placeholder('seenSince')}`,
    )
      .orderBy(desc(sessions.lastUsedAt))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ seenSince, now, limit });
  return new Map(rows.map((row) => [row.tokenHash, toCachedSession(row)]));
}

export async function findSessionAdmin(request: FastifyRequest): Promise<SessionAdmin | null> {
  const token = sessionToken(request, 'admin');
  if (!token) return null;
  const now = request.server.clock.now();
  const tokenHash = hashToken(token);
  const [row] = await request.server.db
    .select({ id: adminUsers.id, email: adminUsers.email, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, 'admin'),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SEEN_REFRESH_MS) {
    request.server.lastSeen.markSession(tokenHash, now);
  }
  return { id: row.id, email: row.email };
}

/** Removes expired sessions and used or expired email links; any process may run it. */
export async function purgeExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await purgeEndedSessions(db, now);
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, now));
}
