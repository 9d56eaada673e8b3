import { ErrorCode } from '@btcp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountRoutes } from '#server/modules/accounts/index.ts';
import { adminAuthRoutes, adminRoutes } from '#server/modules/admin/index.ts';
import { blogRoutes } from '#server/modules/blog/index.ts';
import { communityRoutes, reportRoutes } from '#server/modules/community/index.ts';
import { healthRoutes } from '#server/modules/health/index.ts';
import { leaderboardRoutes } from '#server/modules/leaderboard/index.ts';
import { mailboxRoutes } from '#server/modules/mail/index.ts';
import { miningRoutes } from '#server/modules/mining/index.ts';
import { publicModerationLogRoutes } from '#server/modules/moderation/index.ts';
import { notificationRoutes } from '#server/modules/notifications/index.ts';
import { passkeyAccountRoutes, passkeyAuthRoutes } from '#server/modules/passkeys/index.ts';
import { proofRoutes } from '#server/modules/proofs/index.ts';
import { pushRoutes } from '#server/modules/push/index.ts';
import { realtimeRoutes } from '#server/modules/realtime/index.ts';
import { referralRoutes } from '#server/modules/referrals/index.ts';
import { datedWordsRoutes } from '#server/modules/settings/index.ts';
import { authRoutes, twoFactorSignInRoutes } from '#server/modules/sign-in/index.ts';
import { signUpChallengeRoutes } from '#server/modules/sign-up/index.ts';
import { accountTwoFactorRoutes } from '#server/modules/two-factor/index.ts';
import { walletRoutes } from '#server/modules/wallet/index.ts';
import { errorBody } from './errors.ts';

/** Every module's API routes, mounted under /api; the admin area under /api/admin. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(signUpChallengeRoutes);
  await api.register(accountRoutes);
  await api.register(passkeyAuthRoutes);
  await api.register(passkeyAccountRoutes);
  await api.register(accountTwoFactorRoutes);
  await api.register(twoFactorSignInRoutes);
  await api.register(mailboxRoutes);
  await api.register(miningRoutes);
  await api.register(walletRoutes);
  await api.register(proofRoutes);
  await api.register(datedWordsRoutes);
  await api.register(referralRoutes);
  await api.register(notificationRoutes);
  await api.register(pushRoutes);
  await api.register(blogRoutes);
  await api.register(communityRoutes);
  await api.register(leaderboardRoutes);
  await api.register(publicModerationLogRoutes);
  await api.register(reportRoutes);
  await api.register(realtimeRoutes);
  await api.register(adminAuthRoutes);
  await api.register(adminRoutes, { prefix: '/admin' });
}

/** A page the app knows nothing about gets the app's 404 page; anything else the JSON error. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  const isPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    // A missing file (`/assets/x.js`) is a 404, not the app's HTML.
    !/\.[a-z0-9]+$/i.test(pathname);
  if (isPage) return request.server.sendSpaPage(request, reply);
  return reply
    .status(404)
    .send(errorBody(ErrorCode.notFound, `No route ${request.method} ${pathname}`));
}
