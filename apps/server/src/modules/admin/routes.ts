import {
  AdminChangePasswordBodySchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  adminMessages,
  MessageSchema,
  UpdateAdminUserBodySchema,
} from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUsers } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { requireAdmin, requireStaff } from '../../plugins/guards.ts';
import { endOtherAdminSessions, sessionToken } from '../auth/sessions.ts';
import { audit } from './audit.ts';
import { AdminStatsSchema, adminStats } from './stats.ts';
import { listUsers, updateUserFlags } from './users.ts';

/**
 * Everything under /api/admin. Guards sit at the folder level (ARCHITECTURE): the staff scope
 * (admins and moderators, D7) holds /admin/community and /admin/blog; everything else is admin-only.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (staff) => {
    staff.addHook('preHandler', requireStaff);
    // The community and blog moderation routes register here (their issues).
  });

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('preHandler', requireAdmin);

    admin.get(
      '/stats',
      {
        schema: {
          tags: ['admin'],
          summary: 'Figures for the admin dashboard',
          response: { 200: AdminStatsSchema },
        },
      },
      async () => adminStats(admin.db),
    );

    admin.post(
      '/password',
      {
        schema: {
          tags: ['admin'],
          summary: 'Change the signed-in admin’s password; ends their other admin sessions',
          body: AdminChangePasswordBodySchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        const adminId = request.admin?.id;
        if (!adminId) throw unauthorized(adminMessages.sessionNotFound);
        const [row] = await admin.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
        if (!row) throw unauthorized(adminMessages.sessionNotFound);
        if (!(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
          throw badRequest(adminMessages.currentPasswordIncorrect, {
            currentPassword: adminMessages.currentPasswordIncorrect,
          });
        }
        const passwordHash = await hashPassword(request.body.newPassword);
        await admin.db.transaction(async (tx) => {
          await tx
            .update(adminUsers)
            .set({ passwordHash, updatedAt: new Date() })
            .where(eq(adminUsers.id, adminId));
          if (request.staff)
            await audit(tx, request.staff, 'admin.password.change', { type: 'admin', id: adminId });
        });
        await endOtherAdminSessions(admin.db, adminId, sessionToken(request, 'admin'));
        return { message: adminMessages.passwordUpdated };
      },
    );

    admin.get(
      '/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Users, searched by email or username and paginated on the server',
          querystring: AdminUsersQuerySchema,
          response: { 200: AdminUsersPageSchema },
        },
      },
      async (request) => listUsers(admin.db, request.query),
    );

    admin.patch(
      '/users/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Ban or unban a user, grant or revoke the moderator flag (audited)',
          params: z.object({ id: z.uuid('Not a user id') }),
          body: UpdateAdminUserBodySchema,
          response: { 200: AdminUserSchema },
        },
      },
      async (request) => {
        if (!request.staff) throw unauthorized(adminMessages.sessionNotFound);
        return updateUserFlags(admin.db, request.staff, request.params.id, request.body);
      },
    );
  });
};
