import type { FastifyRequest } from 'fastify';
import { findSessionAdmin, findSessionUser } from '#server/modules/auth/index.ts';

/** Who reads a public community page: anyone, signed in or not (for myVote, isMine, D17). */
export interface Viewer {
  userId: string | null;
  /** D7, D17: admins and moderators still see removed posts. Asked only when it matters. */
  isStaff(): Promise<boolean>;
}

export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const user = await findSessionUser(request);
  let staff: boolean | undefined;
  return {
    userId: user?.id ?? null,
    async isStaff() {
      // A banned moderator has no staff powers (D9), so no staff view of removed posts either.
      staff ??=
        (user?.isModerator === true && !user.isBanned) ||
        (await findSessionAdmin(request)) !== null;
      return staff;
    },
  };
}
