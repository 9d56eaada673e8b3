import { ErrorCode, passkeyMessages } from '@btcp/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import { memberColumns } from '#server/db/members.ts';
import { passkeys, profiles, users } from '#server/db/schema.ts';
import { AppError, badRequest, emailNotVerified } from '#server/errors.ts';
import { type ChallengePurpose, relyingParty, storeChallenge, takeChallenge } from './ceremony.ts';

/** Sign-in options: any passkey of the site may answer (discoverable), so no account is named. */
export async function signInOptions(ctx: ServiceContext) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    allowCredentials: [],
    userVerification: 'required',
  });
  await storeChallenge(ctx.db, options.challenge, 'authenticate', null, ctx.clock.now());
  return options;
}

/** Re-authentication options: only the signed-in member's own passkeys may answer. */
export async function reauthenticationOptions(ctx: ServiceContext, userId: string) {
  const own = await ctx.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (own.length === 0) throw badRequest(passkeyMessages.none);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    allowCredentials: own,
    userVerification: 'required',
  });
  await storeChallenge(ctx.db, options.challenge, 'reauthenticate', userId, ctx.clock.now());
  return options;
}

/** The passkey a response names, with what sign-in needs to know of its account. */
async function findPasskey(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({
      id: passkeys.id,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      user: {
        ...memberColumns,
        emailVerifiedAt: users.emailVerifiedAt,
        deletedAt: users.deletedAt,
      },
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(passkeys.id, id));
  return row ?? null;
}

type FoundPasskey = NonNullable<Awaited<ReturnType<typeof findPasskey>>>;

interface Assertion {
  purpose: Extract<ChallengePurpose, 'authenticate' | 'reauthenticate'>;
  /** Whose challenge it must be: nobody's for a sign-in, the signed-in member's otherwise. */
  userId: string | null;
  /** Every failure is this one error, so an answer never tells which check failed. */
  failure: () => AppError;
}

/**
 * Checks a passkey's answer: its challenge (taken, so used once), the stored credential it names,
 * the signature, origin, RP ID, user verification and counter (the library refuses a counter
 * that did not grow), and that the user handle, when sent, is the passkey's account.
 */
async function verifyAssertion(
  ctx: ServiceContext,
  response: AuthenticationResponseJSON,
  assertion: Assertion,
): Promise<FoundPasskey> {
  const now = ctx.clock.now();
  const { clientDataJSON, userHandle } = response.response;
  const challenge = await takeChallenge(
    ctx.db,
    clientDataJSON,
    assertion.purpose,
    assertion.userId,
    now,
  );
  const passkey = challenge ? await findPasskey(ctx, response.id) : null;
  if (!challenge || !passkey) throw assertion.failure();
  if (assertion.userId !== null && passkey.user.id !== assertion.userId) throw assertion.failure();
  if (userHandle && isoBase64URL.toUTF8String(userHandle) !== passkey.user.id) {
    throw assertion.failure();
  }
  const rp = relyingParty(ctx.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw assertion.failure();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await ctx.db
    .update(passkeys)
    .set({
      counter: sql`greatest(${passkeys.counter}, ${newCounter})`,
      backedUp: credentialBackedUp,
      lastUsedAt: now,
    })
    .where(eq(passkeys.id, passkey.id));
  return passkey;
}

const signInFailed = () =>
  new AppError(401, ErrorCode.invalidCredentials, passkeyMessages.signInFailed);

/**
 * Decision 028: a passkey sign-in is both factors. The account is held to what a password
 * sign-in asks: a deleted account is refused as an unknown passkey is, an unverified address is
 * told so. A banned member signs in, to read only (D9), as with a password.
 */
export async function authenticateWithPasskey(
  ctx: ServiceContext,
  response: AuthenticationResponseJSON,
) {
  const { user } = await verifyAssertion(ctx, response, {
    purpose: 'authenticate',
    userId: null,
    failure: signInFailed,
  });
  if (user.deletedAt) throw signInFailed();
  if (!user.emailVerifiedAt) throw emailNotVerified();
  return user;
}

/** The signed-in member proves it is them with one of their own passkeys. */
export async function confirmWithPasskey(
  ctx: ServiceContext,
  userId: string,
  response: AuthenticationResponseJSON,
): Promise<void> {
  await verifyAssertion(ctx, response, {
    purpose: 'reauthenticate',
    userId,
    failure: () => badRequest(passkeyMessages.reauthenticationFailed),
  });
}
