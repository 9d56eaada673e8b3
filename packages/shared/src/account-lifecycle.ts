import { ChosenEmailSchema } from './auth.ts';
import { z } from './zod.ts';

/** Changing the address an account signs in with, and deleting the account (decision 029). */

export const ChangeEmailBodySchema = z.object({ newEmail: ChosenEmailSchema });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ConfirmEmailChangeBodySchema = z.object({ token: z.string().min(16).max(128) });
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBodySchema>;

export const ConfirmedEmailChangeSchema = z.object({ email: z.string(), message: z.string() });
export type ConfirmedEmailChange = z.infer<typeof ConfirmedEmailChangeSchema>;

/** The member types the account's current address to show they mean it. */
export const DeleteAccountBodySchema = z.object({
  email: z.string().trim().min(1, 'Type your email address to confirm').max(254),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const accountLifecycleMessages = {
  emailTitle: 'Email address',
  emailDescription:
    'The address you sign in with. We send a link to the new address; the change happens when you open it.',
  newEmailLabel: 'New email address',
  changeEmail: 'Change email',
  sameEmail: 'That is already your email address',
  checkNewAddress: (email: string) => `Check ${email} for a link to confirm it`,
  checkNewAddressHint:
    'The link works for 24 hours. If nothing arrives, the address may already be in use.',
  emailInUse: 'That email address is already in use',
  emailChanged: (email: string) => `Your email address is now ${email}`,
  confirmingEmail: 'Confirming your new email address...',
  invalidChangeLink:
    'This link is invalid, expired or already used. Request a new one from your account page.',
  deleteTitle: 'Delete account',
  deleteDescription:
    'Deleting your account signs you out everywhere and cannot be undone. Your posts and comments stay, shown as “Deleted account”; your wallet balance is forfeited.',
  deleteConfirmLabel: 'Type your email address to confirm',
  deleteButton: 'Delete my account',
  deleteEmailMismatch: 'That is not your email address',
  deleted: 'Your account was deleted',
  goodbyeTitle: 'Your account was deleted',
  goodbyeText:
    'You are signed out everywhere. Your email address is free to register again. Thank you for being part of BTCP.',
  accountDeletedStaff: 'This account was deleted',
  passwordChangedOthersSignedOut: 'Every other session of your account was signed out.',
} as const;
