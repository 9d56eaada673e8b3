import { ProofChallengeResponseSchema, SignUpProtectionSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceContextOf } from '#server/context.ts';
import { enforceRateLimit } from '#server/lib/rate-limit.ts';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { createProofChallenge } from './proof-of-work.ts';
import { signUpProtection } from './settings.ts';

/**
 * A form fetches one challenge when it shows, another when that one expires and one more after a
 * refused answer: a few per submission, so three times the sign-in limit per address is plenty.
 */
const CHALLENGES_PER_AUTH_ATTEMPT = 3;

/** GET /api/auth/challenge: public; each answer is new and single-use, so never cached. */
export const signUpChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);
  app.get(
    '/auth/challenge',
    routeOptions(['auth'])(
      'A proof-of-work challenge for registration, resend verification and forgot password',
      { ok: ProofChallengeResponseSchema, onSend: noStore },
    ),
    async (request) => {
      const { config } = app;
      await enforceRateLimit(
        app.db,
        {
          name: 'challenge:ip',
          max: config.RATE_LIMIT_AUTH_PER_IP * CHALLENGES_PER_AUTH_ATTEMPT,
          windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
        },
        request.ip,
        app.clock.now(),
      );
      return createProofChallenge(ctx);
    },
  );
};

const route = routeOptions(['admin']);

/** /api/admin/settings/sign-up: in the admin-only scope, like the other settings. */
export const signUpSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sign-up',
    route('Sign-up protection: proof-of-work cost and registrations per network per day', {
      ok: SignUpProtectionSchema,
    }),
    async () => signUpProtection.load(app.db),
  );

  app.put(
    '/sign-up',
    route('Change the sign-up protection (audited); new challenges use the new cost', {
      body: SignUpProtectionSchema,
      ok: SignUpProtectionSchema,
    }),
    async (request) => signUpProtection.save(app.db, signedInStaff(request), request.body),
  );
};
