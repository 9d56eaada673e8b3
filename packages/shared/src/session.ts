import { z } from './zod.ts';

/** What the browser may know about who is signed in; never a token or a hash. */
export const SessionStateSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      isBanned: z.boolean(),
      isModerator: z.boolean(),
    })
    .nullable(),
  admin: z.object({ id: z.string(), email: z.string() }).nullable(),
  /**
   * The member session this browser held was ended from another of the member's sessions (signed
   * out there, or a password change): said once, so the sign-in page can tell why (decision 057).
   */
  endedElsewhere: z.literal(true).optional(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

export const sessionEndedMessages = {
  endedElsewhere: 'You were signed out from another device',
  endedElsewhereDescription:
    'Your session here was ended from another device, or by a password change. Sign in again to continue.',
} as const;

/** D22: the local outbox, as GET /api/dev/mailbox lists it (outside production). */
export const MailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      links: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type Mailbox = z.infer<typeof MailboxSchema>;
