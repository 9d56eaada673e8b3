import {
  AdminTwoFactorPolicySchema,
  ConfirmTwoFactorBodySchema,
  DisableTwoFactorBodySchema,
  ReauthenticateBodySchema,
  RecoveryCodesSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
} from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitedAs } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import {
  reauthenticate,
  requireRecentAuthentication,
  requireUser,
  signedInStaff,
  signedInUser,
} from '#server/modules/auth/index.ts';
import {
  confirmEnrolment,
  disableTwoFactor,
  type FactorOwner,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from './factors.ts';
import { adminTwoFactorPolicy, setAdminTwoFactorPolicy } from './policy.ts';

/**
 * Setting two-factor up, its recovery codes and turning it off (decision 027): the same routes for
 * a member under /api/account/two-factor and for an admin under /api/admin/two-factor.
 */
function factorRoutes(
  app: ZodApp,
  prefix: string,
  tags: string[],
  ownerOf: (request: FastifyRequest) => FactorOwner,
) {
  const route = routeOptions(tags);
  const kind = (request: FastifyRequest) => ownerOf(request).kind;

  app.get(
    prefix,
    route('Whether two-factor is on, since when, and how many recovery codes are left', {
      ok: TwoFactorStatusSchema,
      onSend: noStore,
    }),
    async (request) => twoFactorStatus(app.db, ownerOf(request)),
  );

  app.post(
    `${prefix}/enrolment`,
    route('Start (or restart) setting two-factor up: a new key, as text and as a QR code', {
      ok: TwoFactorEnrolmentSchema,
      onSend: noStore,
    }),
    async (request) => {
      await requireRecentAuthentication(request, kind(request));
      return startEnrolment(app.db, ownerOf(request), app.clock.now());
    },
  );

  app.post(
    `${prefix}/enrolment/confirm`,
    route('Confirm the key with a code from the app: two-factor is on; ten recovery codes', {
      body: ConfirmTwoFactorBodySchema,
      ok: RecoveryCodesSchema,
      onSend: noStore,
    }),
    async (request) => {
      const codes = await confirmEnrolment(
        app.db,
        ownerOf(request),
        request.body.code,
        app.clock.now(),
      );
      app.mailDrainer.kick();
      return { recoveryCodes: codes };
    },
  );

  app.post(
    `${prefix}/recovery-codes`,
    route('Replace the recovery codes with ten new ones (password entered in 10 minutes)', {
      ok: RecoveryCodesSchema,
      onSend: noStore,
    }),
    async (request) => {
      await requireRecentAuthentication(request, kind(request));
      const codes = await regenerateRecoveryCodes(app.db, ownerOf(request), app.clock.now());
      app.mailDrainer.kick();
      return { recoveryCodes: codes };
    },
  );

  app.post(
    `${prefix}/disable`,
    route('Turn two-factor off, with the password and a current code (or a recovery code)', {
      body: DisableTwoFactorBodySchema,
      noContent: true,
      onRequest: rateLimitedAs('two-factor-disable'),
    }),
    async (request, reply) => {
      await disableTwoFactor(app.db, ownerOf(request), request.body, app.clock.now());
      app.mailDrainer.kick();
      return reply.status(204).send(null);
    },
  );
}

/** /api/account/two-factor/*: the signed-in member's own factor. */
export const accountTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  factorRoutes(app, '/account/two-factor', ['account'], (request) => {
    const user = signedInUser(request);
    return { kind: 'user', id: user.id, email: user.email };
  });
};

/**
 * /api/admin/two-factor/* and /api/admin/reauthenticate: registered behind requireAdminSession,
 * so an admin who must set two-factor up first can do exactly that.
 */
export const adminTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = (request: FastifyRequest): FactorOwner => {
    const staff = signedInStaff(request);
    return { kind: 'admin', id: staff.id, email: staff.email };
  };
  factorRoutes(app, '/two-factor', ['admin'], ownerOf);

  app.post(
    '/reauthenticate',
    routeOptions(['admin'])(
      'Enter the password again: unlocks the sensitive admin account actions for 10 minutes',
      {
        body: ReauthenticateBodySchema,
        noContent: true,
        onRequest: rateLimitedAs('admin-password'),
      },
    ),
    async (request, reply) => {
      await reauthenticate(request, 'admin', ownerOf(request).id, request.body.password);
      return reply.status(204).send(null);
    },
  );
};

/** /api/admin/settings/two-factor: the "Require two-factor for every admin" setting (audited). */
export const twoFactorPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions(['admin']);
  app.get(
    '/two-factor',
    route('Whether every admin must use two-factor', { ok: AdminTwoFactorPolicySchema }),
    async () => adminTwoFactorPolicy(app.db),
  );
  app.put(
    '/two-factor',
    route('Require two-factor for every admin, or not (audited)', {
      body: AdminTwoFactorPolicySchema,
      ok: AdminTwoFactorPolicySchema,
    }),
    async (request) => setAdminTwoFactorPolicy(app.db, signedInStaff(request), request.body),
  );
};
