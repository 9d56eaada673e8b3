import { SITE_NAME } from '@btcp/shared';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { webauthnChallenges } from '#server/db/schema.ts';

export type ChallengePurpose = 'register' | 'authenticate' | 'reauthenticate';

/** A ceremony's answer must come within this long of its options (decision 028). */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * Decision 028: the relying party is the configured public origin, never the request's Host, so a
 * passkey made for the site works only on the site. The RP ID is that origin's hostname.
 */
export function relyingParty(config: Config) {
  return {
    id: new URL(config.publicOrigin).hostname,
    name: SITE_NAME,
    origin: config.publicOrigin,
  };
}

/** Keeps a challenge the browser is to sign, for one purpose and (but for sign-in) one member. */
export async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

/** The challenge a response's clientDataJSON carries; null when it is not a challenge of ours. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge)
      ? challenge
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes (deletes) the challenge a response answers, if it was issued for this purpose and this
 * member and has not expired. The delete is the single use: of two answers to one challenge, in
 * one process or several, only one finds it.
 */
export async function takeChallenge(
  db: Database,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken?.challenge ?? null;
}

/** Removes the challenges nobody answered; any process may run it. */
export async function purgeExpiredChallenges(db: Database, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}
