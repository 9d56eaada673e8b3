import { useSession } from '#web/lib/session.ts';

/**
 * D7: an admin, or a moderator who is not banned (D9), sees what only staff may (an edit's
 * earlier text) and acts on any comment. Only what to offer: the server checks every request.
 */
export function useIsStaff(): boolean {
  const data = useSession().data;
  if (!data) return false;
  return data.admin !== null || (data.user?.isModerator === true && !data.user.isBanned);
}
