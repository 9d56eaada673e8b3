import type { VoteType } from '@btcp/shared/community';
import { useSignedIn } from '#web/lib/session.ts';
import { authRequiredToast } from '../lib/vote-feedback.ts';
import { BANNED_NOTICE, useBanned } from './use-banned.ts';

/**
 * The VoteControl props every vote shares: a banned member's arrows are locked (D9), and a visitor
 * is asked to sign in instead of `send` being called.
 */
export function useVoteGate(send: (type: VoteType) => void) {
  // false once the session says nobody is signed in; undefined while it is still being checked.
  const signedIn = useSignedIn();
  const banned = useBanned();
  return {
    lockedReason: banned ? BANNED_NOTICE : undefined,
    onVote: (type: VoteType) => {
      if (signedIn === false) {
        authRequiredToast();
        return;
      }
      send(type);
    },
  };
}
