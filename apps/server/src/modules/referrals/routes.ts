import { ReferralStatsSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { referralStats } from './service.ts';

/** /api/referrals/*: the signed-in user's referral code and figures (D12). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/referrals/stats',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Referral code, verified and pending referrals, and earnings',
        response: { 200: ReferralStatsSchema },
      },
    },
    async (request) => referralStats(app.db, signedInUser(request).id),
  );
};
