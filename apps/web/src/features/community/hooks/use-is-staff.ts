import { useSession } from '#web/lib/session.ts';

/**
 * D7: admins (an admin session) and moderators who are not banned (D9) act on any comment. Only
 * what the page offers: the server checks again on every action.
 */
export function useIsStaff(): boolean {
  const data = useSession().data;
  if (!data) return false;
  return data.admin !== null || (data.user?.isModerator === true && !data.user.isBanned);
}
