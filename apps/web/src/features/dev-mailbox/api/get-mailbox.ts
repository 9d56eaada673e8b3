import type { Mailbox } from '@btcp/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** One message of the local outbox (D22), as GET /api/dev/mailbox sends it. */
export type MailboxMessage = Mailbox['messages'][number];

export const getMailbox = (signal?: AbortSignal) => apiRequest<Mailbox>('/dev/mailbox', { signal });

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => getMailbox(signal),
    // A developer waiting for a mail wants the newest outbox, not a cached one.
    staleTime: 0,
  });

export const useMailbox = () => useQuery(mailboxQueryOptions());
