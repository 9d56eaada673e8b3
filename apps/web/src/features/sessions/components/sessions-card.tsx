import { type SessionInfo, sessionMessages } from '@btcp/shared/sessions';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { QueryCard } from '#web/components/query-card.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { type SessionsOwner, useEndSessions, useSessions } from '../api/sessions.ts';

const nameOf = (session: SessionInfo) => `${session.browser} on ${session.system}`;

/** The icon of the kind of device the server read from the session's user agent. */
const deviceIcons = { phone: Smartphone, tablet: Tablet, desktop: Monitor } as const;
const deviceNames = { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' } as const;

function SessionRow({
  session,
  onEnd,
  busy,
}: {
  session: SessionInfo;
  onEnd: (session: SessionInfo) => void;
  busy: boolean;
}) {
  const timeZone = useTimeZone();
  const DeviceIcon = deviceIcons[session.device];
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <DeviceIcon
        role="img"
        aria-label={deviceNames[session.device]}
        className="mt-0.5 size-5 shrink-0 text-muted-foreground"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {nameOf(session)}
          {session.current ? <Badge>{sessionMessages.thisSession}</Badge> : null}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          {session.ip ?? 'Unknown address'} · Started{' '}
          <time dateTime={session.startedAt}>
            {formatShortDateTime(session.startedAt, timeZone)}
          </time>
          {' · '}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active{' '}
              <time dateTime={session.lastActiveAt}>
                {formatShortDateTime(session.lastActiveAt, timeZone)}
              </time>
            </>
          )}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`${sessionMessages.signOut}: ${nameOf(session)}`}
          onClick={() => onEnd(session)}
        >
          {sessionMessages.signOut}
        </Button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in, with "Sign out" for any other session and "Sign out everywhere
 * else". The server ends a member's sessions' live streams in every process at once.
 */
export function SessionsCard({ owner }: { owner: SessionsOwner }) {
  const sessions = useSessions(owner);
  const end = useEndSessions(owner);
  const run = async (id: string | null, done: string) => {
    try {
      await end.mutateAsync(id);
      toast.success(done);
    } catch (error) {
      toast.error('Error', { description: requestErrorMessage(error) });
    }
  };
  return (
    <QueryCard
      title={sessionMessages.title}
      description={sessionMessages.description}
      query={sessions}
      loadingClassName="grid gap-3"
      skeletons={['h-10', 'h-10']}
      failure="Could not load your sessions."
      stacked
    >
      {({ items }) => (
        <>
          <ul className="divide-y divide-border">
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={end.isPending}
                onEnd={(target) => void run(target.id, sessionMessages.endedOne)}
              />
            ))}
          </ul>
          {items.every((session) => session.current) ? (
            <p className="pt-2 text-sm text-muted-foreground">{sessionMessages.noOthers}</p>
          ) : (
            <Button
              variant="outline"
              className="mt-3"
              disabled={end.isPending}
              onClick={() => void run(null, sessionMessages.endedOthers)}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {sessionMessages.signOutOthers}
            </Button>
          )}
        </>
      )}
    </QueryCard>
  );
}
