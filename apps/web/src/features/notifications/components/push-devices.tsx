import { type PushDevice, pushMessages } from '@btcp/shared/push';
import { useId } from 'react';
import { LocalTime } from '#web/components/local-time.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatShortDate } from '#web/lib/format.ts';

/** The member's devices that get push, this browser's marked, each with Remove. */
export function PushDevices({
  devices,
  thisEndpoint,
  busy,
  onRemove,
}: {
  devices: PushDevice[];
  thisEndpoint: string | null;
  busy: boolean;
  onRemove: (device: PushDevice) => void;
}) {
  const titleId = useId();
  return (
    <section className="grid gap-3" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-sm font-medium">
        {pushMessages.devicesTitle}
      </h3>
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{pushMessages.devicesEmpty}</p>
      ) : (
        <ul className="grid divide-y divide-border rounded-md border border-border">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                  {device.browser}
                  {device.endpoint === thisEndpoint ? (
                    <Badge className="border-border bg-muted px-2 py-0.5 text-foreground">
                      {pushMessages.thisDevice}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {pushMessages.subscribedSince}{' '}
                  <LocalTime dateTime={device.createdAt} format={formatShortDate} />
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={pushMessages.removeLabel(device.browser)}
                onClick={() => onRemove(device)}
              >
                {pushMessages.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
