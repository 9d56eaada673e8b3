import { EmailSchema, RegisterBodySchema } from './auth.ts';
import { z } from './zod.ts';

/**
 * Fair sign-up (decision 031): a proof of work on the forms that create accounts or send mail,
 * one account per mailbox, and a daily limit of registrations per network.
 */
export const signUpMessages = {
  proofMissing:
    'The automatic check of this form did not run. Please reload the page and try again.',
  proofInvalid: 'The automatic check of this form failed. Please try again.',
  proofExpired: 'The automatic check of this form expired. Please try again.',
  proofReused: 'The automatic check of this form was already used. Please try again.',
  disposableEmail:
    'Addresses from disposable email services cannot be used. Please use an address you keep.',
  networkLimit:
    'Too many accounts were registered from your network today. Please try again tomorrow.',
  checking: 'Checking\u2026',
  settingsSaved: 'Sign-up protection saved',
} as const;

/**
 * Each attempt of the proof of work is this many PBKDF2-SHA-256 rounds: enough native work per
 * call that a browser's overhead per attempt is small (decision 031).
 */
export const PROOF_OF_WORK_ROUNDS = 1000;

/** The solved challenge as the forms send it: base64 of `{ challenge, solution }` JSON. */
export const ProofSchema = z
  .string(signUpMessages.proofMissing)
  .min(1, signUpMessages.proofMissing)
  .max(4096, signUpMessages.proofInvalid);

/** A challenge as altcha-lib's solver takes it (its "deterministic" mode, signed key). */
export const ProofChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type ProofChallenge = z.infer<typeof ProofChallengeSchema>;

export const ProofChallengeResponseSchema = z.object({
  challenge: ProofChallengeSchema,
  /** Seconds from now until the server refuses a solution: the form fetches another before. */
  expiresInSeconds: z.number().int(),
});
export type ProofChallengeResponse = z.infer<typeof ProofChallengeResponseSchema>;

/** What registration sends: the form's fields and the proof. */
export const RegisterRequestSchema = RegisterBodySchema.safeExtend({ proof: ProofSchema });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Resend verification and forgot password: the address and the proof. */
export const ProvenEmailBodySchema = z.object({ email: EmailSchema, proof: ProofSchema });
export type ProvenEmailBody = z.infer<typeof ProvenEmailBodySchema>;

const attemptsMessage = 'Enter a whole number from 1 to 1,000,000';
const networkMessage = 'Enter a whole number from 1 to 10,000';

/** The admin's "Sign-up protection" card. */
export const SignUpProtectionSchema = z.object({
  /** Most attempts a proof of work takes; a solver needs three quarters of it on average. */
  proofOfWorkAttempts: z
    .number(attemptsMessage)
    .int(attemptsMessage)
    .min(1, attemptsMessage)
    .max(1_000_000, attemptsMessage),
  /** Accounts one network (IPv4 /24, IPv6 /64) may register in 24 hours. */
  registrationsPerNetworkPerDay: z
    .number(networkMessage)
    .int(networkMessage)
    .min(1, networkMessage)
    .max(10_000, networkMessage),
});
export type SignUpProtection = z.infer<typeof SignUpProtectionSchema>;

/** Decision 031: about one second of a phone's CPU, and a household's few accounts a day. */
export const DEFAULT_SIGN_UP_PROTECTION: SignUpProtection = {
  proofOfWorkAttempts: 2000,
  registrationsPerNetworkPerDay: 5,
};
