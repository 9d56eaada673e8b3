import {
  AdjustBalanceBodySchema,
  AdjustBalanceResultSchema,
  AdminChangePasswordBodySchema,
  AdminSystemSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AdminWalletsPageSchema,
  AdminWalletsQuerySchema,
  adminMessages,
  MessageSchema,
  UpdateAdminUserBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffList } from '#server/lib/bulkhead.ts';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { idParams, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import {
  endOtherAdminSessions,
  requireAdmin,
  requireAdminSession,
  requireStaff,
  sessionToken,
  signedInStaff,
} from '#server/modules/auth/index.ts';
import { blogAdminRoutes } from '#server/modules/blog/index.ts';
import { settingsRoutes } from '#server/modules/mining/index.ts';
import { communityModerationRoutes } from '#server/modules/moderation/index.ts';
import { proofAdminRoutes } from '#server/modules/proofs/index.ts';
import { pushSettingsRoutes } from '#server/modules/push/index.ts';
import { datedWordsSettingsRoutes } from '#server/modules/settings/index.ts';
import { signUpSettingsRoutes } from '#server/modules/sign-up/index.ts';
import { signalRoutes } from '#server/modules/signals/index.ts';
import { adminTwoFactorRoutes, twoFactorPolicyRoutes } from '#server/modules/two-factor/index.ts';
import { changeAdminPassword } from './admin-accounts.ts';
import { adminSessionRoutes } from './sessions.ts';
import { AdminStatsSchema, adminStats } from './stats.ts';
import { systemFigures } from './system.ts';
import { listUsers, updateUserFlags } from './users.ts';
import { adjustBalance, listWallets } from './wallets.ts';

const route = routeOptions(['admin']);

/** The dashboard's figures and the signed-in admin's own password. */
function dashboardRoutes(admin: ZodApp) {
  admin.get(
    '/stats',
    route('Figures for the admin dashboard', { ok: AdminStatsSchema }),
    async () => adminStats(admin.db),
  );

  admin.get(
    '/system',
    route(
      'The System card: miners online, open streams, crediting lag, mail queue, database round trip',
      {
        ok: AdminSystemSchema,
      },
    ),
    async () => systemFigures(admin),
  );

  admin.post(
    '/password',
    route('Change the signed-in admin’s password; ends their other admin sessions', {
      body: AdminChangePasswordBodySchema,
      ok: MessageSchema,
      onRequest: rateLimitedAs('admin-password'),
    }),
    async (request) => {
      // The admin-only scope: the staff member is an admin, and staff.id their admin id.
      const staff = signedInStaff(request);
      await changeAdminPassword(admin.db, staff, request.body, admin.clock.now());
      await endOtherAdminSessions(admin.db, staff.id, sessionToken(request, 'admin'));
      return { message: adminMessages.passwordUpdated };
    },
  );
}

/** Users: listed and searched, banned or made moderators. */
function userRoutes(admin: ZodApp) {
  admin.get(
    '/users',
    route('Users, searched by email or username and paginated on the server', {
      querystring: AdminUsersQuerySchema,
      ok: AdminUsersPageSchema,
    }),
    async ({ query }) => staffList(admin.bulkheads, query, () => listUsers(admin.db, query)),
  );

  admin.patch(
    '/users/:id',
    route('Ban or unban a user, grant or revoke the moderator flag (audited)', {
      params: idParams('user'),
      body: UpdateAdminUserBodySchema,
      ok: AdminUserSchema,
      // A ban shows as a badge beside the user's posts in the public lists.
      onSend: settlesSharedPages,
    }),
    async (request) => {
      const user = await updateUserFlags(
        admin.db,
        signedInStaff(request),
        request.params.id,
        request.body,
        admin.clock.now(),
      );
      // A ban or a role change holds in every process before the admin sees it done.
      await admin.sessionCache.settle();
      return user;
    },
  );
}

/** Wallets: listed and searched, their balances adjusted (audited). */
function walletRoutes(admin: ZodApp) {
  admin.get(
    '/wallets',
    route('Wallets, searched by email or username and paginated on the server', {
      querystring: AdminWalletsQuerySchema,
      ok: AdminWalletsPageSchema,
    }),
    async ({ query }) => staffList(admin.bulkheads, query, () => listWallets(admin.db, query)),
  );

  admin.post(
    '/wallets/:userId/adjust',
    route(
      'Set, add to or subtract from a balance; the server computes it (Idempotency-Key header honoured)',
      {
        params: z.object({ userId: z.uuid('Not a user id') }),
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }),
        body: AdjustBalanceBodySchema,
        ok: AdjustBalanceResultSchema,
      },
    ),
    async (request) => {
      return adjustBalance(
        admin.db,
        signedInStaff(request),
        request.params.userId,
        request.body,
        request.headers['idempotency-key'],
      );
    },
  );
}

/**
 * Everything under /api/admin. Guards sit at the folder level, so no route can miss one: the staff
 * scope (admins and moderators, D7) holds /admin/community and /admin/blog; everything else is
 * admin-only.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (staff) => {
    staff.addHook('onRequest', requireStaff);
    await staff.register(blogAdminRoutes);
    await staff.register(communityModerationRoutes, { prefix: '/community' });
  });

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);
    await admin.register(settingsRoutes, { prefix: '/settings' });
    await admin.register(twoFactorPolicyRoutes, { prefix: '/settings' });
    await admin.register(signalRoutes);
    await admin.register(signUpSettingsRoutes, { prefix: '/settings' });
    await admin.register(datedWordsSettingsRoutes, { prefix: '/settings' });
    await admin.register(pushSettingsRoutes, { prefix: '/settings' });
    await admin.register(proofAdminRoutes);
    dashboardRoutes(admin);
    adminSessionRoutes(admin);
    userRoutes(admin);
    walletRoutes(admin);
  });

  // Decision 027: what an admin who must set two-factor up first may still do.
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdminSession);
    await scope.register(adminTwoFactorRoutes);
  });
};
