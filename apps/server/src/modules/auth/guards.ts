import { adminMessages, ErrorCode, type Staff } from '@btcp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '#server/errors.ts';
import { adminExists, adminMustEnrol, enrolmentRequired } from './admin-standing.ts';
import {
  findSessionAdmin,
  findSessionUser,
  type SessionAdmin,
  type SessionUser,
} from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    admin: SessionAdmin | null;
    staff: Staff | null;
  }
}

/**
 * Guards are named for what they require and run as `onRequest` hooks, on whole scopes or
 * on single routes: before the body is parsed and validated, so a caller without the right gets a
 * 401 or 403 and never learns a route's schema from its 400s.
 */
export async function requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  request.user = await findSessionUser(request);
  if (!request.user) throw unauthorized('You need to sign in first');
  answeredForOne(reply);
}

/**
 * What a guard lets through is answered for one caller, so no cache on the way may keep it; set
 * here, where the caller is known, no private route can forget it.
 */
function answeredForOne(reply: FastifyReply | undefined): void {
  reply?.header('cache-control', 'no-store');
}

const accountBanned = () =>
  new AppError(403, ErrorCode.accountBanned, 'Your account is banned: you cannot do this.');

/** D9: a banned user may read, not act. */
export async function requireActiveUser(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<void> {
  await requireUser(request, reply);
  if (request.user?.isBanned) throw accountBanned();
}

/**
 * Whether the request has an admin session; if so, that admin is its staff. While admins must
 * have two-factor (decision 027), one without it gets a 403 TWO_FACTOR_ENROLMENT_REQUIRED here,
 * except on the few routes that let them set it up (`enrolling`).
 */
async function resolveAdminStaff(request: FastifyRequest, enrolling = false): Promise<boolean> {
  request.admin = await findSessionAdmin(request);
  if (!request.admin) return false;
  request.staff = { role: 'admin', id: request.admin.id, email: request.admin.email };
  if (!enrolling && (await adminMustEnrol(request.server.db, request.admin.id))) {
    throw enrolmentRequired();
  }
  return true;
}

/** Past the admin check of a staff guard: a 401 without any session, else the signed-in user. */
async function staffCandidate(request: FastifyRequest): Promise<SessionUser> {
  request.user = await findSessionUser(request);
  if (!request.user) throw unauthorized(adminMessages.sessionNotFound);
  return request.user;
}

export async function requireAdmin(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  if (await resolveAdminStaff(request)) return answeredForOne(reply);
  await staffCandidate(request);
  throw forbidden(adminMessages.noPrivileges);
}

/**
 * An admin session and nothing more: for the routes an admin who must set two-factor up may still
 * use (setting it up, entering the password again). Decision 027.
 */
export async function requireAdminSession(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<void> {
  if (await resolveAdminStaff(request, true)) return answeredForOne(reply);
  await staffCandidate(request);
  throw forbidden(adminMessages.noPrivileges);
}

/** D7: an admin, or a signed-in user with the moderator flag (community and blog only). */
export async function requireStaff(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  await requireStaffMayEnrol(request, false, reply);
}

/** requireStaff for `/api/admin-auth/me`, which tells an admin that they must enrol first. */
export async function requireStaffSession(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<void> {
  await requireStaffMayEnrol(request, true, reply);
}

async function requireStaffMayEnrol(
  request: FastifyRequest,
  enrolling: boolean,
  reply: FastifyReply | undefined,
) {
  if (await resolveAdminStaff(request, enrolling)) return answeredForOne(reply);
  const user = await staffCandidate(request);
  if (!user.isModerator) throw forbidden(adminMessages.noPrivileges);
  // D9: a ban takes a moderator's staff powers with it.
  if (user.isBanned) throw accountBanned();
  request.staff = { role: 'moderator', id: user.id, email: user.email };
  answeredForOne(reply);
}

/**
 * The caller a guard let through, typed non-null: each is called only in handlers behind the guard
 * that sets it (requireUser or requireActiveUser; requireStaff or requireAdmin).
 * Reaching one without that guard is a wiring bug, answered as a 500, never a default caller.
 */
function guarded<T>(value: T | null, request: FastifyRequest, guard: string): T {
  if (value === null) {
    throw new Error(`${request.method} ${request.routeOptions.url} has no ${guard} guard`);
  }
  return value;
}

export const signedInUser = (request: FastifyRequest): SessionUser =>
  guarded(request.user, request, 'requireUser');

export const signedInStaff = (request: FastifyRequest): Staff =>
  guarded(request.staff, request, 'requireStaff');

/**
 * D8: creating an admin needs an admin session, except while no admin exists (the first-run
 * bootstrap). Decided before the body is read, and before any password is hashed.
 */
export async function requireAdminOrBootstrap(request: FastifyRequest): Promise<void> {
  if (await resolveAdminStaff(request)) return;
  if (await adminExists(request.server.db)) throw forbidden(adminMessages.bootstrapClosed);
}
