import { RefreshCw } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useMailbox } from '../api/get-mailbox.ts';
import { MailboxMessageCard } from './mailbox-message.tsx';

/** D22: the local outbox, newest first, for developers and browser tests. */
export function Mailbox() {
  const mailbox = useMailbox();
  const refreshing = mailbox.isFetching;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Mailbox</h1>
          <p className="mt-1 text-muted-foreground">
            Mail the server would have sent. Only available outside production.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => mailbox.refetch()}
          disabled={refreshing}
          aria-busy={refreshing}
        >
          <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <MailboxBody query={mailbox} />
    </div>
  );
}

function MailboxBody({ query }: { query: ReturnType<typeof useMailbox> }) {
  if (query.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    const unavailable = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Alert role="alert">
        {unavailable
          ? 'The mailbox is not available on this server (production, or mail goes out over SMTP).'
          : 'Could not load the mailbox. Please try again.'}
      </Alert>
    );
  }
  const { messages } = query.data;
  if (messages.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
        No messages yet.
      </p>
    );
  }
  return (
    <ol className="grid grid-cols-1 gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <MailboxMessageCard message={message} />
        </li>
      ))}
    </ol>
  );
}
