import { twoFactorMessages } from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import { countHit, hitOf, tooManyRequests, uncountHit } from '#server/lib/rate-limit.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import type { FactorOwner, PendingAnswer } from '#server/modules/two-factor/index.ts';

/**
 * Decision 048: wrong codes (and recovery codes) are capped per account in each rate-limit
 * window, whatever address they come from; the other limits are per address, which an attacker
 * with the password and many addresses walks around. Past the cap the code step of the account
 * answers 429 until the window ends, a right code too, and the owner is mailed once.
 */
export async function answerWithinAccountCap(
  request: FastifyRequest,
  owner: FactorOwner,
  answer: () => Promise<PendingAnswer>,
): Promise<PendingAnswer> {
  const { db, clock, config } = request.server;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const now = clock.now();
  const rule = {
    name: `${owner.kind}-two-factor:account-failures`,
    max: config.RATE_LIMIT_WRONG_CODES_PER_ACCOUNT,
    windowSeconds,
  };
  const hit = hitOf(rule, owner.id, now);
  // Counted before the code is checked, so requests sent at once cannot all pass a check that
  // reads the count; an attempt that turns out not to be a wrong code gives its place back.
  const taken = await countHit(db, hit);
  if (taken > hit.max) {
    const minutes = Math.ceil((hit.windowEnd.getTime() - now.getTime()) / 60_000);
    throw tooManyRequests(hit, twoFactorMessages.codesPaused(minutes));
  }
  let result: PendingAnswer;
  try {
    result = await answer();
  } catch (error) {
    await uncountHit(db, hit);
    throw error;
  }
  if (result.accepted) await uncountHit(db, hit);
  else if (taken === hit.max) await tellOwnerOnce(request, owner, hit.windowStart);
  return result;
}

/**
 * The notice of a tripped cap, at most one per account and window: a marker counted beside the
 * cap's, since a right code giving its place back can let a second wrong one reach the cap.
 */
async function tellOwnerOnce(request: FastifyRequest, owner: FactorOwner, windowStart: Date) {
  const { db, clock, config } = request.server;
  const marker = hitOf(
    {
      name: `${owner.kind}-two-factor:cap-notice`,
      max: 1,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    },
    owner.id,
    windowStart,
  );
  if ((await countHit(db, marker)) !== 1) return;
  await queueSecurityNotice(db, owner.email, 'two_factor_codes_guessed', clock.now());
  request.server.mailDrainer.kick();
}
