import { profiles, users } from './schema.ts';

/**
 * A member as sessions, sign-in and the account read them: the account and its profile's two
 * flags. Selected with `users` joined to `profiles` on the id (every account has one profile).
 */
export const memberColumns = {
  id: users.id,
  email: users.email,
  isBanned: profiles.isBanned,
  isModerator: profiles.isModerator,
};
