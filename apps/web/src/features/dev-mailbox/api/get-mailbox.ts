import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One message of the local outbox (D22), as GET /api/dev/mailbox sends it. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

export const getMailbox = (signal?: AbortSignal) =>
  apiRequest<{ messages: MailboxMessage[] }>('/dev/mailbox', { signal });

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => getMailbox(signal),
    // A developer waiting for a mail wants the newest outbox, not a cached one.
    staleTime: 0,
  });

export const useMailbox = () => useQuery(mailboxQueryOptions());
