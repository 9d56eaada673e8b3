import {
  authMessages,
  ChosenEmailSchema,
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth.ts';
import { ModerationReasonSchema } from './moderation-log-schemas.ts';
import { z } from './zod.ts';

export const adminMessages = {
  loginSuccess: 'Admin login successful',
  loginSuccessDescription: 'Welcome to the admin dashboard',
  /** An admin who must set two-factor up first is sent there, not to the dashboard (decision 057). */
  loginEnrolFirstDescription: 'Set up two-factor authentication to continue to the admin area.',
  invalidEmailOrPassword: 'Invalid email or password',
  unexpected: 'An unexpected error occurred',
  sessionNotFound: 'Admin session not found',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordUpdated: 'Password has been updated',
  accessDenied: 'Access denied',
  privilegesRevoked: 'Your admin privileges have been revoked',
  noPrivileges: 'You don\u2019t have admin privileges',
  /** Decision 057: another admin, made by a signed-in admin in Settings. */
  createSuccess: (email: string) =>
    `Admin ${email} created successfully. They can now sign in with the password you chose.`,
  /** Decision 057: the first admin is signed in by the same request that creates them. */
  firstAdminCreated: (email: string) => `Admin ${email} created successfully. You are signed in.`,
  somethingWentWrong: 'Something went wrong. Please try again.',
  bootstrapClosed: 'An admin already exists: sign in as an admin to create another.',
} as const;

export const AdminLoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

export const CreateAdminBodySchema = z
  .object({
    email: ChosenEmailSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Please make sure your passwords match',
  });
export type CreateAdminBody = z.infer<typeof CreateAdminBodySchema>;

/**
 * What `POST /api/admin-auth/create` answers: the admin made and, for the first-run bootstrap,
 * that the caller is now signed in as them (decision 057), and whether two-factor comes first.
 */
export const CreateAdminResultSchema = z.object({
  message: z.string(),
  admin: z.object({ id: z.string(), email: z.string() }),
  signedIn: z.boolean(),
  twoFactorEnrolmentRequired: z.literal(true).optional(),
});
export type CreateAdminResult = z.infer<typeof CreateAdminResultSchema>;

export const AdminBootstrapSchema = z.object({ adminExists: z.boolean() });
export type AdminBootstrap = z.infer<typeof AdminBootstrapSchema>;

export const AdminChangePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, adminMessages.newPasswordTooShort)
      .max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: adminMessages.newPasswordsDoNotMatch,
  });
export type AdminChangePasswordBody = z.infer<typeof AdminChangePasswordBodySchema>;

/** Who may use the admin area: a real admin (everything) or a moderator (community and blog, D7). */
export const StaffSchema = z.object({
  role: z.enum(['admin', 'moderator']),
  id: z.string(),
  email: z.string(),
});
export type Staff = z.infer<typeof StaffSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** "Member #<memberTag>" names the account while it has no username (decision 055). */
  memberTag: z.string(),
  referralCode: z.string(),
  referralsCount: z.number().int(),
  isModerator: z.boolean(),
  isBanned: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** When the member deleted the account (decision 029); its address is a placeholder then. */
  deletedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const PAGE_SIZE_MAX = 100;
export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

export const AdminUsersPageSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const UpdateAdminUserBodySchema = z
  .object({
    isBanned: z.boolean().optional(),
    isModerator: z.boolean().optional(),
    reason: ModerationReasonSchema,
  })
  .refine((body) => body.isBanned !== undefined || body.isModerator !== undefined, {
    message: 'Send isBanned, isModerator or both',
  });
export type UpdateAdminUserBody = z.infer<typeof UpdateAdminUserBodySchema>;

export const AdminStatsSchema = z.object({
  registeredUsers: z.number().int(),
  activeMiners: z.number().int(),
  circulation: z.string(),
  communityPosts: z.number().int(),
  flaggedPosts: z.number().int(),
  /** Posts and comments with at least one open report. */
  openReports: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** The admin dashboard's System card: the operator's key figures, measured when asked. */
export const AdminSystemSchema = z.object({
  minersOnline: z.number().int(),
  /** Open event streams held by the process that answered, one of `processes`. */
  openStreams: z.object({ thisProcess: z.number().int(), processes: z.number().int() }),
  crediting: z.object({
    /** How long the oldest due reward has waited to be paid, every process together. */
    overdueSeconds: z.number(),
    /** How far this process's crediting job is behind its schedule. */
    lagSeconds: z.number(),
  }),
  mailQueue: z.object({ depth: z.number().int(), oldestAgeSeconds: z.number() }),
  /** Decision 063: push notifications delivered and failed in the last hour, every process together. */
  pushLastHour: z.object({ delivered: z.number().int(), failed: z.number().int() }),
  databaseRoundTripMs: z.number(),
  measuredAt: z.string(),
});
export type AdminSystem = z.infer<typeof AdminSystemSchema>;
