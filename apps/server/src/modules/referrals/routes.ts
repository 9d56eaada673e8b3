import { ReferralStatsSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { referralStats } from './service.ts';

const route = routeOptions(['referrals']);

/** /api/referrals/*: the signed-in user's referral code and figures (D12). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/referrals/stats',
    route('Referral code, verified and pending referrals, and earnings', {
      ok: ReferralStatsSchema,
    }),
    async (request) => referralStats(app.db, signedInUser(request).id),
  );
};
