import {
  AdminBootstrapSchema,
  AdminLoginBodySchema,
  AdminLoginResultSchema,
  adminMessages,
  CreateAdminBodySchema,
  CreateAdminResultSchema,
  ErrorCode,
  StaffSessionSchema,
} from '@btcp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '#server/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '#server/lib/passwords.ts';
import { rateLimitedAs, WrongAnswer, withFailureLimit } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { audit } from '#server/modules/audit/index.ts';
import {
  ADMIN_SESSION_MS,
  adminExists,
  adminMustEnrol,
  endSession,
  requireAdminOrBootstrap,
  requireStaffSession,
  signedInStaff,
  startSession,
} from '#server/modules/auth/index.ts';
import { askForSecondFactor } from '#server/modules/sign-in/index.ts';
import { createAdminAccount, findAdminByEmail } from './admin-accounts.ts';

const route = routeOptions(['admin']);

/** Starts an admin's session; true when they must set two-factor up before anything else. */
async function startAdminSession(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  adminId: string,
): Promise<boolean> {
  await startSession(request, reply, {
    kind: 'admin',
    ownerId: adminId,
    persistent: false,
    lifetimeMs: ADMIN_SESSION_MS,
  });
  return adminMustEnrol(app.db, adminId);
}

/** Whether an admin exists, and creating one: by anyone while none does (D8), then by an admin. */
function adminCreationRoutes(app: ZodApp) {
  app.get(
    '/admin-auth/bootstrap',
    route('Whether an admin account exists yet (first-run bootstrap)', {
      ok: AdminBootstrapSchema,
    }),
    async () => ({ adminExists: await adminExists(app.db) }),
  );

  app.post(
    '/admin-auth/create',
    route('Create an admin: open while none exists (D8), then only to a signed-in admin', {
      body: CreateAdminBodySchema,
      created: CreateAdminResultSchema,
      onRequest: [requireAdminOrBootstrap, rateLimitedAs('admin-create')],
    }),
    async (request, reply) => {
      const { email, password } = request.body;
      const { admin } = request;
      const created = await createAdminAccount(app.db, email, password, { onlyIfNone: !admin });
      if (!created) throw forbidden(adminMessages.bootstrapClosed);
      if (admin) {
        await audit(
          app.db,
          { role: 'admin', id: admin.id, email: admin.email },
          'admin.create',
          {
            type: 'admin',
            id: created.id,
          },
          { email: created.email },
        );
      }
      request.log.info(
        { adminId: created.id, by: admin?.id ?? 'first-run bootstrap' },
        'admin created',
      );
      if (admin) {
        return reply.status(201).send({
          message: adminMessages.createSuccess(created.email),
          admin: created,
          signedIn: false,
        });
      }
      // Decision 057: whoever made the first admin has just typed its password; they are signed in
      // as it here rather than asked to type it again.
      const mustEnrol = await startAdminSession(app, request, reply, created.id);
      return reply.status(201).send({
        message: adminMessages.firstAdminCreated(created.email),
        admin: created,
        signedIn: true,
        ...(mustEnrol && { twoFactorEnrolmentRequired: true as const }),
      });
    },
  );
}

/** The admin session: signing in and out, and who may use the admin area. */
function adminSessionRoutes(app: ZodApp) {
  app.post(
    '/admin-auth/login',
    route('Admin sign-in; sets the admin session cookie, or asks for the second factor', {
      body: AdminLoginBodySchema,
      ok: AdminLoginResultSchema,
    }),
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await withFailureLimit(
        request,
        'admin-login',
        email,
        async (found) => {
          if (!found) await verifyAgainstNothing(password);
          if (found && (await verifyPassword(found.passwordHash, password))) return found;
          return new WrongAnswer(
            new AppError(401, ErrorCode.invalidCredentials, adminMessages.invalidEmailOrPassword),
          );
        },
        { addressLimit: true, load: () => findAdminByEmail(app.db, email) },
      );
      if (await askForSecondFactor(request, reply, 'admin', admin, false)) {
        return { admin: null, twoFactorRequired: true as const };
      }
      const mustEnrol = await startAdminSession(app, request, reply, admin.id);
      return {
        admin: { id: admin.id, email: admin.email },
        // Decision 027: sent straight to set two-factor up when every admin must have it.
        ...(mustEnrol && { twoFactorEnrolmentRequired: true as const }),
      };
    },
  );

  app.post(
    '/admin-auth/logout',
    route('Admin sign-out', { noContent: true }),
    async (request, reply) => {
      await endSession(request, reply, 'admin');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin-auth/me',
    route('Who may use the admin area: an admin, or a moderator (community and blog only)', {
      ok: StaffSessionSchema,
      // An admin who must set two-factor up first still learns who they are, and that they must.
      onRequest: requireStaffSession,
      onSend: noStore,
    }),
    async (request) => {
      const staff = signedInStaff(request);
      if (staff.role !== 'admin' || !(await adminMustEnrol(app.db, staff.id))) return staff;
      return { ...staff, twoFactorEnrolmentRequired: true };
    },
  );
}

/** Signing in and out of the admin area, and creating admins (D7, D8). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  adminCreationRoutes(app);
  adminSessionRoutes(app);
};
