import { PASSKEY_NAME_MAX_LENGTH } from './passkey-messages.ts';
import { SINGLE_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

/** Binary WebAuthn fields travel as base64url text (the browser library encodes them). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not base64url');

/**
 * The largest signature and public key the server's library verifies: ML-DSA-87, which it offers
 * where the runtime has it (Node 24 does) and authenticators may choose: a 4,627-byte signature
 * and a 2,592-byte key, so 6,170 and about 3,500 characters of base64url.
 */
const MAX_SIGNATURE = 8192;
const MAX_PUBLIC_KEY = 8192;

/** A credential ID: at most 1023 bytes (WebAuthn), so at most 1364 characters of base64url. */
export const CredentialIdSchema = base64url(1364);

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`)
  .regex(SINGLE_LINE, `Name ${textMessages.controlCharacters}`);

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider to the member's other devices (a "multi-device" credential). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

export const PasskeyParamsSchema = z.object({ id: CredentialIdSchema });

export const RenamePasskeyBodySchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof RenamePasskeyBodySchema>;

const credentialFields = {
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).optional(),
};

/** What `startRegistration()` of @simplewebauthn/browser answers, as the server reads it. */
export const RegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(MAX_PUBLIC_KEY).optional(),
  }),
});

/** What `startAuthentication()` of @simplewebauthn/browser answers, as the server reads it. */
export const AuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(MAX_SIGNATURE),
    userHandle: base64url(128).optional(),
  }),
});

export const AddPasskeyBodySchema = z.object({
  response: RegistrationResponseSchema,
  /** Left out, the server names it after the browser and system it was added from. */
  name: PasskeyNameSchema.optional(),
});
export type AddPasskeyBody = z.infer<typeof AddPasskeyBodySchema>;

export const PasskeySignInBodySchema = z.object({
  response: AuthenticationResponseSchema,
  remember: z.boolean().default(false),
});
export type PasskeySignInBody = z.input<typeof PasskeySignInBodySchema>;

export const PasskeyReauthenticateBodySchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeyReauthenticateBody = z.infer<typeof PasskeyReauthenticateBodySchema>;

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/**
 * The options of `navigator.credentials.create()`, as @simplewebauthn/server makes them: the
 * fields the ceremony depends on are named, the rest passes through unchanged.
 */
export const PasskeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
});

/** The options of `navigator.credentials.get()`, as @simplewebauthn/server makes them. */
export const PasskeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

export * from './passkey-messages.ts';
