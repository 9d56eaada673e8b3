import { SINGLE_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

/** D2: at least 8 characters for everyone, at most 256, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const authMessages = {
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less common password.',
  passwordsDontMatch: 'Passwords don\u2019t match',
  passwordsDontMatchDescription: 'Please make sure your passwords match.',
  termsRequired: 'Terms agreement required',
  termsRequiredDescription: 'Please agree to the terms and conditions to continue.',
  referralCodeShape:
    'A referral code has 8 characters: letters and the digits 2 to 9. The letters O, I and L and the digits 0 and 1 are not used.',
  referralCodeUnknown: 'This referral code does not exist. Check it or leave the field empty.',
  registrationFailed: 'Registration failed',
  registrationSuccess: 'Registration successful',
  registrationSuccessDescription:
    'Welcome to BTCP! Please check your email to verify your account.',
  invalidCredentials: 'Invalid login credentials',
  emailNotVerified: 'Email not confirmed. Please verify your email before signing in.',
  verificationSent: 'Verification email sent',
  invalidOrExpiredLink: 'Invalid or expired link',
  invalidOrExpiredLinkDescription: 'Please request a new password reset link.',
  invalidOrExpiredVerificationLinkDescription: 'Please request a new verification email.',
  newPasswordsMustMatch: 'New password and confirm password must match.',
  usernameShape: 'Username must be 3 to 30 letters, digits or underscores',
  usernameTaken: 'This username is already taken',
  emailQuoted: 'Please enter the address without quotation marks',
  emailTrailingDot: 'An email address cannot end with a dot',
  emailReservedDomain:
    'This address is in a domain reserved for tests and local networks, where no mail arrives. Please enter a real email address.',
} as const;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(SINGLE_LINE, `Email ${textMessages.controlCharacters}`)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
  // `"x"@host` and `x@host.` reach the mailbox `x@host`: one spelling per mailbox (decision 031).
  .regex(/^[^"]*$/, authMessages.emailQuoted)
  .regex(/[^.]$/, authMessages.emailTrailingDot);

/**
 * The special-use top-level domains of RFC 2606 and RFC 6761, and `.local` (multicast DNS): no
 * mail reaches them, so no account may take such an address. The second-level `example.com`
 * family is left alone: it is a real registered domain, and the tests write with it.
 */
const RESERVED_TOP_LEVEL_DOMAINS = new Set(['invalid', 'test', 'example', 'localhost', 'local']);

export function isInReservedDomain(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  return RESERVED_TOP_LEVEL_DOMAINS.has(domain.slice(domain.lastIndexOf('.') + 1));
}

/**
 * An address someone picks for an account (registration, email change, a new admin). Signing in
 * and the mail forms keep `EmailSchema`, so an account made before this rule can still use them.
 */
export const ChosenEmailSchema = EmailSchema.refine(
  (email) => !isInReservedDomain(email),
  authMessages.emailReservedDomain,
);

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** Eight characters from an alphabet without 0/O and 1/I/L, so a code read aloud is unambiguous (D12). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`), authMessages.referralCodeShape);

/** A username: the same rules wherever one is chosen (sign-up, Settings, before a first post). */
const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

export const UsernameSchema = z.string().trim().regex(USERNAME_PATTERN, authMessages.usernameShape);

export const RegisterBodySchema = z
  .object({
    email: ChosenEmailSchema,
    /** Optional at sign-up (decision 055): '' or absent leaves it to be chosen before a first post. */
    username: z
      .string()
      .trim()
      .refine((name) => name === '' || USERNAME_PATTERN.test(name), authMessages.usernameShape)
      .optional(),
    password: PasswordSchema,
    confirmPassword: z.string(),
    referralCode: z.union([ReferralCodeSchema, z.literal('')]).optional(),
    acceptTerms: z.literal(true, { error: authMessages.termsRequiredDescription }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatchDescription,
  });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().default(false),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const EmailOnlyBodySchema = z.object({ email: EmailSchema });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

export const TokenBodySchema = z.object({ token: z.string().min(16).max(128) });
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const ResetPasswordBodySchema = z
  .object({
    token: z.string().min(16).max(128),
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatchDescription,
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;
