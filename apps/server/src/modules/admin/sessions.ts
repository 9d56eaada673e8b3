import type { Staff } from '@btcp/shared';
import { SessionListSchema, SessionParamsSchema } from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { idParams, noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { audit } from '#server/modules/audit/index.ts';
import {
  endOtherAdminSessions,
  endOtherUserSessions,
  endSessionById,
  listSessions,
  sessionToken,
  signedInStaff,
} from '#server/modules/auth/index.ts';

const route = routeOptions(['admin']);

/** An admin ends every session of a member (audited); their streams end in every process. */
export async function endUserSessions(db: Database, actor: Staff, userId: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    await audit(tx, actor, 'user.sessions.end', { type: 'user', id: userId });
  });
  await endOtherUserSessions(db, userId, undefined, 'staff');
}

/**
 * The signed-in admin's own sessions (their settings page) and ending a member's sessions (Users).
 * Registered in the admin-only scope, so the staff member is an admin and `staff.id` their admin id.
 */
export function adminSessionRoutes(admin: ZodApp) {
  const owner = (request: FastifyRequest) =>
    ({ kind: 'admin', id: signedInStaff(request).id }) as const;

  admin.get(
    '/sessions',
    route('The signed-in admin’s live sessions, this one marked', {
      ok: SessionListSchema,
      onSend: noStore,
    }),
    async (request) => {
      const token = sessionToken(request, 'admin');
      return {
        items: await listSessions(
          admin.db,
          owner(request),
          token ? hashToken(token) : undefined,
          admin.clock.now(),
        ),
      };
    },
  );

  admin.delete(
    '/sessions/:id',
    route('Sign one of the admin’s own sessions out', {
      params: SessionParamsSchema,
      noContent: true,
    }),
    async (request, reply) => {
      await endSessionById(admin.db, owner(request), request.params.id, admin.clock.now());
      return reply.status(204).send(null);
    },
  );

  admin.post(
    '/sessions/sign-out-others',
    route('Sign out every other session of the signed-in admin', { noContent: true }),
    async (request, reply) => {
      await endOtherAdminSessions(admin.db, owner(request).id, sessionToken(request, 'admin'));
      return reply.status(204).send(null);
    },
  );

  admin.post(
    '/users/:id/sessions/end',
    route('End every session of a user, in every process (audited)', {
      params: idParams('user'),
      noContent: true,
    }),
    async (request, reply) => {
      await endUserSessions(admin.db, signedInStaff(request), request.params.id);
      await admin.sessionCache.settle();
      return reply.status(204).send(null);
    },
  );
}
