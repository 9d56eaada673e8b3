import {
  authMessages,
  ErrorCode,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  ProvenEmailBodySchema,
  RegisterRequestSchema,
  ResetPasswordBodySchema,
  type SessionState,
  SessionStateSchema,
  TokenBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ServiceContext, serviceContextOf } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { enforceAuthRateLimits, WrongAnswer, withFailureLimit } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { sendJsonText } from '#server/lib/shared-pages.ts';
import {
  endedElsewhere,
  endSession,
  findSessionAdmin,
  findSessionUser,
  sessionToken,
  startMemberSession,
} from '#server/modules/auth/index.ts';
import { signUpSourceOf, type VerifiedProof, verifyProof } from '#server/modules/sign-up/index.ts';
import { askForSecondFactor } from './second-factor-routes.ts';
import {
  authenticateUser,
  findUserByEmail,
  forgotPassword,
  invalidTokenError,
  isResetLinkValid,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './service.ts';

const route = routeOptions(['auth']);

const sameAnswer =
  'If the address can receive it, an email is on its way. Please check your inbox.';

const SIGNED_OUT = JSON.stringify({ user: null, admin: null } satisfies SessionState);

/**
 * A request for a link by email: limited per IP and per address, paid for with a proof of work
 * (decision 031), queued for the mail drainer, and answered the same whether or not the address
 * belongs to an account.
 */
function mailLinkRoute(
  app: ZodApp,
  ctx: ServiceContext,
  action: 'resend-verification' | 'forgot-password',
  summary: string,
  queueMail: (context: ServiceContext, email: string, proof: VerifiedProof) => Promise<void>,
) {
  app.post(
    `/auth/${action}`,
    route(summary, { body: ProvenEmailBodySchema, accepted: MessageSchema }),
    async (request, reply) => {
      await enforceAuthRateLimits(request, action, request.body.email);
      const proof = await app.bulkheads.proofsOfWork.run(() =>
        verifyProof(ctx, request.body.proof),
      );
      await queueMail(ctx, request.body.email, proof);
      app.mailDrainer.kick();
      return reply.status(202).send({ message: sameAnswer });
    },
  );
}

/** Who is signed in: the one auth route every page load calls. */
function sessionRoute(app: ZodApp) {
  app.get(
    '/auth/session',
    route('Who is signed in: the user session and the admin session, each or neither', {
      ok: SessionStateSchema,
      onSend: noStore,
    }),
    async (request, reply) => {
      // Every visitor's answer is the same text: sent as it is, not serialized each time.
      if (!sessionToken(request, 'user') && !sessionToken(request, 'admin')) {
        return sendJsonText(reply, SIGNED_OUT);
      }
      const [user, admin] = await Promise.all([
        findSessionUser(request),
        findSessionAdmin(request),
      ]);
      // Decision 057: a cookie whose session was ended from elsewhere is told so, once.
      if (!user && (await endedElsewhere(request, reply))) {
        return { user, admin, endedElsewhere: true as const };
      }
      return { user, admin };
    },
  );
}

/** Registering, and proving the address with the emailed link. */
function signUpRoutes(app: ZodApp, ctx: ServiceContext) {
  app.post(
    '/auth/register',
    route('Create an account; a verification link is emailed', {
      body: RegisterRequestSchema,
      created: MessageSchema,
    }),
    async (request, reply) => {
      await enforceAuthRateLimits(request, 'register', request.body.email);
      const proof = await app.bulkheads.proofsOfWork.run(() =>
        verifyProof(ctx, request.body.proof),
      );
      await register(ctx, request.body, { source: signUpSourceOf(request.ip), proof });
      app.mailDrainer.kick();
      return reply.status(201).send({
        message: `${authMessages.registrationSuccess} - ${authMessages.registrationSuccessDescription}`,
      });
    },
  );

  app.post(
    '/auth/verify-email',
    route('Verify an email address with the emailed link', {
      body: TokenBodySchema,
      ok: MessageSchema,
    }),
    async (request) => {
      await verifyEmail(ctx, request.body.token);
      return { message: 'Email verified' };
    },
  );

  mailLinkRoute(
    app,
    ctx,
    'resend-verification',
    'Send a new verification link (same answer for every address)',
    resendVerification,
  );
}

function signInRoutes(app: ZodApp, ctx: ServiceContext) {
  app.post(
    '/auth/login',
    route('Sign in; sets the session cookie, or asks for the second factor (decision 027)', {
      body: LoginBodySchema,
      ok: LoginResultSchema,
    }),
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const user = await withFailureLimit(
        request,
        'login',
        email,
        (account) =>
          authenticateUser(account, password).catch((error: unknown) => {
            if (error instanceof AppError && error.code === ErrorCode.invalidCredentials) {
              return new WrongAnswer(error);
            }
            throw error;
          }),
        { addressLimit: true, load: () => findUserByEmail(ctx, email) },
      );
      if (await askForSecondFactor(request, reply, 'user', user, remember)) {
        return {
          user: null,
          admin: await findSessionAdmin(request),
          twoFactorRequired: true as const,
        };
      }
      return startMemberSession(request, reply, user, remember);
    },
  );

  app.post(
    '/auth/logout',
    route('Sign out: deletes the session', { noContent: true }),
    async (request, reply) => {
      await endSession(request, reply, 'user');
      // Every process has forgotten the session before the caller hears it is gone.
      await app.sessionCache.settle();
      return reply.status(204).send(null);
    },
  );
}

/** A forgotten password: the emailed link, whether it still works, and the new password. */
function passwordRoutes(app: ZodApp, ctx: ServiceContext) {
  mailLinkRoute(
    app,
    ctx,
    'forgot-password',
    'Email a password reset link (same answer for every address)',
    forgotPassword,
  );

  app.post(
    '/auth/reset-password/check',
    route('Whether a reset link can still be used', {
      body: TokenBodySchema,
      ok: z.object({ valid: z.literal(true) }),
    }),
    async (request) => {
      if (!(await isResetLinkValid(ctx, request.body.token)))
        throw invalidTokenError('reset_password');
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    route('Set a new password with a reset link; ends every session of the account', {
      body: ResetPasswordBodySchema,
      ok: MessageSchema,
    }),
    async (request) => {
      await enforceAuthRateLimits(request, 'reset-password');
      await resetPassword(ctx, request.body);
      await app.sessionCache.settle();
      return { message: 'Password reset successful' };
    },
  );
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);
  sessionRoute(app);
  signUpRoutes(app, ctx);
  signInRoutes(app, ctx);
  passwordRoutes(app, ctx);
};
