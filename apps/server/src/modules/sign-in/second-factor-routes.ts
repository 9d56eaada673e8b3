import {
  AdminLoginResultSchema,
  LoginResultSchema,
  PENDING_SIGN_IN_MS,
  type TwoFactorSignInBody,
  TwoFactorSignInBodySchema,
  twoFactorMessages,
} from '@btcp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceAuthRateLimits, WrongAnswer, withFailureLimit } from '#server/lib/rate-limit.ts';
import { routeOptions } from '#server/lib/routes.ts';
import {
  ADMIN_SESSION_MS,
  BROWSER_SESSION_MS,
  findSessionAdmin,
  REMEMBERED_SESSION_MS,
  startSession,
} from '#server/modules/auth/index.ts';
import {
  answerPendingSignIn,
  beginPendingSignIn,
  findPendingSignIn,
  signedInMember,
  signInExpired,
  wrongCode,
} from '#server/modules/two-factor/index.ts';
import { answerWithinAccountCap } from './code-cap.ts';

type Kind = 'user' | 'admin';

/** The pending sign-in's cookie: its own name per kind, sent only to our own pages. */
function pendingCookieName(request: FastifyRequest, kind: Kind) {
  const prefix = request.server.config.isProduction ? '__Host-' : '';
  return `${prefix}btcp_pending_${kind === 'user' ? 'sign_in' : 'admin_sign_in'}`;
}

const pendingCookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.server.config.isProduction,
});

function clearPendingCookie(request: FastifyRequest, reply: FastifyReply, kind: Kind) {
  reply.clearCookie(pendingCookieName(request, kind), pendingCookieOptions(request));
}

/**
 * Called by the sign-in routes once the password is right: for an account with two-factor on,
 * starts a pending sign-in instead of a session and answers true (the route then says a code is
 * needed). Decision 027. Whether it has one came with the account's lookup
 * (`hasConfirmedFactorColumn`), so the password step waits for the database no second time.
 */
export async function askForSecondFactor(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: Kind,
  owner: { id: string; hasSecondFactor: boolean },
  persistent: boolean,
): Promise<boolean> {
  const { db, clock } = request.server;
  if (!owner.hasSecondFactor) return false;
  const token = await beginPendingSignIn(db, kind, owner.id, persistent, clock.now());
  reply.setCookie(pendingCookieName(request, kind), token, {
    ...pendingCookieOptions(request),
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
  return true;
}

/** The second step: the pending sign-in's code (or recovery code) starts the real session. */
async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: Kind,
  body: TwoFactorSignInBody,
) {
  const { db, clock } = request.server;
  const action = kind === 'user' ? 'login-two-factor' : 'admin-login-two-factor';
  await enforceAuthRateLimits(request, action);
  const now = clock.now();
  const pending = await findPendingSignIn(
    db,
    kind,
    request.cookies[pendingCookieName(request, kind)],
    now,
  ).catch((error: unknown) => {
    clearPendingCookie(request, reply, kind);
    throw error;
  });
  const answer = await withFailureLimit(request, action, pending.owner.email, async () => {
    const answered = await answerWithinAccountCap(request, pending.owner, () =>
      answerPendingSignIn(db, pending, body, now),
    );
    if (answered.accepted) return answered;
    if (!answered.signInEnded) {
      return new WrongAnswer(wrongCode(body.code !== undefined ? 'code' : 'recoveryCode'));
    }
    clearPendingCookie(request, reply, kind);
    return new WrongAnswer(signInExpired(twoFactorMessages.tooManyAttempts));
  });
  clearPendingCookie(request, reply, kind);
  if (answer.usedRecoveryCode) request.server.mailDrainer.kick();
  await startSession(request, reply, {
    kind,
    ownerId: pending.owner.id,
    persistent: pending.persistent,
    lifetimeMs:
      kind === 'admin'
        ? ADMIN_SESSION_MS
        : pending.persistent
          ? REMEMBERED_SESSION_MS
          : BROWSER_SESSION_MS,
  });
  return pending.owner;
}

/** POST /api/auth/login/two-factor and POST /api/admin-auth/login/two-factor. */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login/two-factor',
    routeOptions(['auth'])('Second step of a sign-in: a code from the app or a recovery code', {
      body: TwoFactorSignInBodySchema,
      ok: LoginResultSchema,
    }),
    async (request, reply) => {
      const owner = await completeSignIn(request, reply, 'user', request.body);
      return {
        user: await signedInMember(app.db, owner.id),
        admin: await findSessionAdmin(request),
      };
    },
  );

  app.post(
    '/admin-auth/login/two-factor',
    routeOptions(['admin'])('Second step of an admin sign-in: a code or a recovery code', {
      body: TwoFactorSignInBodySchema,
      ok: AdminLoginResultSchema,
    }),
    async (request, reply) => {
      const owner = await completeSignIn(request, reply, 'admin', request.body);
      return { admin: { id: owner.id, email: owner.email } };
    },
  );
};
