import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { SessionStateSchema } from './session.ts';
import { z } from './zod.ts';

/** Decision 027: TOTP (RFC 6238) with ten single-use recovery codes, for members and admins. */

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one pending sign-in may take before the password must be entered again. */
export const TWO_FACTOR_ATTEMPTS_MAX = 5;
/** How long a right password waits for its second factor. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export const twoFactorMessages = {
  title: 'Two-factor authentication',
  codeShape: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeShape: 'Enter one of your recovery codes',
  oneAnswer: 'Enter the code from your authenticator app or a recovery code',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  tooManyAttempts: 'Too many wrong codes. Enter your email and password again.',
  /** Decision 048: the code step of an account past its cap of wrong codes, right ones too. */
  codesPaused: (minutes: number) =>
    `Too many wrong codes were entered for this account, so its sign-in is paused and its owner has been emailed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  signInExpired: 'Your sign-in has expired. Enter your email and password again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noEnrolment: 'Start setting up two-factor authentication first.',
  passwordIncorrect: 'Password is incorrect',
  enrolmentRequired:
    'Two-factor authentication is required for admins. Set it up to use the admin area.',
  enableYourOwnFirst: 'Turn on two-factor authentication for your own admin account first.',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  regenerated: 'New recovery codes made; the old ones no longer work',
  requireForAdmins: 'Require two-factor for every admin',
} as const;

export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, twoFactorMessages.codeShape);

/** Recovery codes are read back case-blind, with or without their dash (the server normalises). */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .min(10, twoFactorMessages.recoveryCodeShape)
  .max(20, twoFactorMessages.recoveryCodeShape)
  .regex(/^[A-Za-z0-9-]+$/, twoFactorMessages.recoveryCodeShape);

/** The second step of a sign-in: a code from the app, or one recovery code. */
export const TwoFactorSignInBodySchema = z
  .object({ code: TotpCodeSchema.optional(), recoveryCode: RecoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: twoFactorMessages.oneAnswer,
  });
export type TwoFactorSignInBody = z.infer<typeof TwoFactorSignInBodySchema>;

/**
 * What `POST /api/auth/login` answers: the session as before, or, for an account with two-factor
 * on, no new session and `twoFactorRequired: true` (the page asks for the code).
 */
export const LoginResultSchema = SessionStateSchema.extend({
  twoFactorRequired: z.literal(true).optional(),
  /** The member had never signed in before this session (decision 057): greeted, not welcomed back. */
  firstSignIn: z.literal(true).optional(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

const AdminIdentitySchema = z.object({ id: z.string(), email: z.string() });

/**
 * What `POST /api/admin-auth/login` answers: the admin as before; or no admin yet and
 * `twoFactorRequired`; `twoFactorEnrolmentRequired` when the admin must set two-factor up first.
 */
export const AdminLoginResultSchema = z.object({
  admin: AdminIdentitySchema.nullable(),
  twoFactorRequired: z.literal(true).optional(),
  twoFactorEnrolmentRequired: z.literal(true).optional(),
});
export type AdminLoginResult = z.infer<typeof AdminLoginResultSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new, unconfirmed key: shown once as a QR code and as text, to be confirmed with a code. */
export const TwoFactorEnrolmentSchema = z.object({
  /** Base32, as authenticator apps take it when typed. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG image, drawn by the server. */
  qrCodeSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

export const ConfirmTwoFactorBodySchema = z.object({ code: TotpCodeSchema });
export type ConfirmTwoFactorBody = z.infer<typeof ConfirmTwoFactorBodySchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Turning two-factor off: the password and a current code (or a recovery code), together. */
export const DisableTwoFactorBodySchema = z
  .object({
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: twoFactorMessages.oneAnswer,
  });
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBodySchema>;

/** The admin setting "Require two-factor for every admin". */
export const AdminTwoFactorPolicySchema = z.object({ requiredForAdmins: z.boolean() });
export type AdminTwoFactorPolicy = z.infer<typeof AdminTwoFactorPolicySchema>;

/** `/api/admin-auth/me`: the staff member, and whether an admin must set two-factor up first. */
export const StaffSessionSchema = z.object({
  role: z.enum(['admin', 'moderator']),
  id: z.string(),
  email: z.string(),
  twoFactorEnrolmentRequired: z.boolean().optional(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;
