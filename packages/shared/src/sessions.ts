import { z } from 'zod';

/**
 * One signed-in session of the caller's account, as the session lists show it. `id` is derived
 * from the session's key and cannot be used to sign in; `current` marks the session asking.
 */
export const SessionInfoSchema = z.object({
  id: z.string(),
  /** Read from the browser's user agent: "Chrome 131", "Firefox 133"; "Unknown browser" if none. */
  browser: z.string(),
  /** "Windows 10", "macOS", "Android 14"; "Unknown system" if none. */
  system: z.string(),
  /** What kind of device the user agent names, for the list's icon; "desktop" when it names none. */
  device: z.enum(['phone', 'tablet', 'desktop']),
  /** The address the session signed in from. */
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListSchema = z.object({ items: z.array(SessionInfoSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

export const SessionParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a session id'),
});

export const sessionMessages = {
  title: 'Sessions',
  description: 'Where your account is signed in. Sign out of any session you do not recognise.',
  thisSession: 'This session',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  noOthers: 'No other sessions.',
  sessionNotFound: 'Session not found',
  endedOthers: 'Signed out everywhere else',
  endedOne: 'Session signed out',
  endUserSessions: 'End all sessions',
  endedUserSessions: 'All of this user’s sessions were ended',
} as const;

/** How long entering the password again (or signing in) unlocks the sensitive account actions. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

export const ReauthenticateBodySchema = z.object({
  password: z.string().min(1, 'Password is required').max(1024),
});
export type ReauthenticateBody = z.infer<typeof ReauthenticateBodySchema>;

export const reauthenticationMessages = {
  required: 'Enter your password again to continue.',
  title: 'Confirm it’s you',
  description: 'Enter your password to continue. You won’t be asked again for 10 minutes.',
  incorrect: 'Password is incorrect',
  confirmed: 'Confirmed',
} as const;
