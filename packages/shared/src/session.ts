import { z } from 'zod';

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
});
export type SessionState = z.infer<typeof SessionStateSchema>;
