import {
  type AddPasskeyBody,
  cutText,
  ErrorCode,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEYS_PER_MEMBER,
  type Passkey,
  passkeyMessages,
} from '@btcp/shared';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import { count, eq } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { passkeys, profiles } from '#server/db/schema.ts';
import { AppError, badRequest, conflict } from '#server/errors.ts';
import { describeUserAgent } from '#server/modules/auth/index.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import { relyingParty, storeChallenge, takeChallenge } from './ceremony.ts';
import { toPasskey } from './store.ts';

export interface Member {
  id: string;
  email: string;
}

const KNOWN_TRANSPORTS = new Set([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);

const tooMany = () => new AppError(409, ErrorCode.conflict, passkeyMessages.tooMany);

/**
 * Options for adding a passkey: a discoverable credential (sign-in asks for no email first) with
 * user verification, since a passkey stands for both factors (decision 028). The member's passkeys
 * are excluded, so one authenticator is not registered twice.
 */
export async function registrationOptions(ctx: ServiceContext, member: Member) {
  const rp = relyingParty(ctx.config);
  const existing = await ctx.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, member.id));
  if (existing.length >= PASSKEYS_PER_MEMBER) throw tooMany();
  const [profile] = await ctx.db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, member.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: profile?.username ?? member.email,
    // The user handle an authenticator returns at sign-in: the account's id, nothing personal.
    userID: isoUint8Array.fromUTF8String(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx.db, options.challenge, 'register', member.id, ctx.clock.now());
  return options;
}

async function verifiedRegistration(
  ctx: ServiceContext,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
) {
  const rp = relyingParty(ctx.config);
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (verification.verified) return verification.registrationInfo;
  } catch {
    // Whatever the library found wrong, the member hears the same: try again.
  }
  throw badRequest(passkeyMessages.registrationFailed);
}

function defaultName(userAgent: string | undefined): string {
  const { browser, system } = describeUserAgent(userAgent ?? null);
  if (browser.startsWith('Unknown')) return 'Passkey';
  return cutText(`${browser.replace(/ \d+$/, '')} on ${system}`, PASSKEY_NAME_MAX_LENGTH);
}

/**
 * Adds the passkey the browser made, if it answers a registration challenge of this member's; the
 * security notice is queued in the same transaction.
 */
export async function addPasskey(
  ctx: ServiceContext,
  member: Member,
  body: AddPasskeyBody,
  userAgent: string | undefined,
): Promise<Passkey> {
  const now = ctx.clock.now();
  const response = body.response as RegistrationResponseJSON;
  const challenge = await takeChallenge(
    ctx.db,
    response.response.clientDataJSON,
    'register',
    member.id,
    now,
  );
  if (!challenge) throw badRequest(passkeyMessages.challengeExpired);
  const info = await verifiedRegistration(ctx, response, challenge);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(passkeys)
        .where(eq(passkeys.userId, member.id));
      if ((held?.n ?? 0) >= PASSKEYS_PER_MEMBER) throw tooMany();
      const [row] = await tx
        .insert(passkeys)
        .values({
          id: info.credential.id,
          userId: member.id,
          name: body.name ?? defaultName(userAgent),
          publicKey: Buffer.from(info.credential.publicKey),
          counter: info.credential.counter,
          transports: (info.credential.transports ?? []).filter((t) => KNOWN_TRANSPORTS.has(t)),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('passkey insert returned nothing');
      await queueSecurityNotice(tx, member.email, 'passkey_added', now);
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'passkeys_pkey'))
      throw conflict(passkeyMessages.alreadyRegistered);
    throw error;
  }
}
