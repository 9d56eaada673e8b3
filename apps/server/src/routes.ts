import { ErrorCode } from '@btcp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminAuthRoutes } from './modules/admin/auth-routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { reportRoutes } from './modules/community/reports.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mailboxRoutes } from './modules/mail/routes.ts';
import { miningRoutes } from './modules/mining/routes.ts';
import { publicModerationLogRoutes } from './modules/moderation/public-routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { passkeyAccountRoutes, passkeyAuthRoutes } from './modules/passkeys/routes.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { authRoutes } from './modules/sign-in/routes.ts';
import { twoFactorSignInRoutes } from './modules/sign-in/second-factor-routes.ts';
import { signUpChallengeRoutes } from './modules/sign-up/routes.ts';
import { accountTwoFactorRoutes } from './modules/two-factor/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';

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
  await api.register(referralRoutes);
  await api.register(notificationRoutes);
  await api.register(blogRoutes);
  await api.register(communityRoutes);
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
