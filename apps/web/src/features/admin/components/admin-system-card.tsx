import type { AdminSystem } from '@btcp/shared/admin';
import { RefreshCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatCount } from '#web/lib/format.ts';
import { useAdminSystem } from '../api/get-admin-system.ts';

/** A wait as a person reads it: seconds, then minutes, then hours. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

interface Figure {
  label: string;
  value: (system: AdminSystem) => string;
  note: (system: AdminSystem) => string;
}

const figures: Figure[] = [
  {
    label: 'Miners online',
    value: (s) => formatCount(s.minersOnline),
    note: () => 'Mining sessions open',
  },
  {
    label: 'Open event streams',
    value: (s) => formatCount(s.openStreams.thisProcess),
    note: (s) =>
      s.openStreams.processes > 1
        ? `This server process only (one of ${s.openStreams.processes})`
        : 'Live-update connections',
  },
  {
    label: 'Crediting lag',
    value: (s) => formatWait(s.crediting.overdueSeconds),
    note: () => 'Oldest due reward’s wait; about a second is normal',
  },
  {
    label: 'Mail queue',
    value: (s) => formatCount(s.mailQueue.depth),
    note: (s) =>
      s.mailQueue.depth > 0
        ? `Oldest waiting ${formatWait(s.mailQueue.oldestAgeSeconds)}`
        : 'Nothing waiting to be sent',
  },
  {
    label: 'Push notifications',
    value: (s) => formatCount(s.pushLastHour.delivered),
    note: (s) =>
      s.pushLastHour.failed > 0
        ? `Delivered in the last hour; ${formatCount(s.pushLastHour.failed)} failed`
        : 'Delivered in the last hour, none failed',
  },
  {
    label: 'Database round trip',
    value: (s) => `${s.databaseRoundTripMs.toFixed(1)} ms`,
    note: () => 'Measured just now',
  },
];

function Figures({ system }: { system: AdminSystem | undefined }) {
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="min-w-0">
          <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
          {system ? (
            <dd className="mt-1">
              <span className="block text-xl font-bold tabular-nums">{figure.value(system)}</span>
              <span className="block text-sm break-words text-muted-foreground">
                {figure.note(system)}
              </span>
            </dd>
          ) : (
            <dd className="mt-1">
              <Skeleton className="h-7 w-20" />
              <Skeleton className="mt-1 h-4 w-32" />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/**
 * The operator's figures for those without Prometheus (the same as /metrics, see the README's
 * Monitoring section), measured by the server when asked and every 30 s while the page is open.
 */
export function AdminSystemCard() {
  const { data, isPending, isError, isFetching, refetch } = useAdminSystem();
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-system-title" className="text-lg font-semibold">
          System
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void refetch()}
          disabled={isFetching}
          aria-label="Refresh system figures"
        >
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {isPending && (
        <p role="status" className="sr-only">
          Loading system figures...
        </p>
      )}
      {isError && (
        <p role="alert" className="mt-4 text-sm">
          {data
            ? 'The system figures could not be refreshed; these are the last ones measured.'
            : 'The system figures could not be loaded. Use Refresh to try again.'}
        </p>
      )}
      {(data || !isError) && <Figures system={data} />}
    </Card>
  );
}
