import { useSession } from '#web/lib/session.ts';

/** D9: a banned member reads the community but cannot post, comment or vote. */
export const BANNED_NOTICE =
  'Your account is banned: you can read the community, but not post, comment or vote.';

export function useBanned(): boolean {
  return useSession().data?.user?.isBanned ?? false;
}
