import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '#web/lib/session.ts';

/**
 * Drops every cached answer except the session's when who is signed in changes, so the next person
 * at this browser never sees the last one's account. The session itself is updated, not dropped,
 * because the header and guards are watching it.
 */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}
