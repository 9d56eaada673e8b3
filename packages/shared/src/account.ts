import { authMessages, PASSWORD_MAX_LENGTH, PasswordSchema, UsernameSchema } from './auth.ts';
import { z } from './zod.ts';

export const AccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  referralCode: z.string(),
  isBanned: z.boolean(),
  isModerator: z.boolean(),
  createdAt: z.string(),
  /** Decision 027: whether sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  /** D28: whether the member chose to appear on the public leaderboard (off until they do). */
  showOnLeaderboard: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

export const UpdateProfileBodySchema = z.object({ username: UsernameSchema });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    // Asked again so that a borrowed, still signed-in session cannot lock the owner out.
    currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.newPasswordsMustMatch,
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
