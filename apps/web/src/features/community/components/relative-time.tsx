import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { formatLongDateTime } from '#web/lib/format.ts';
import { useNow } from '../hooks/use-now.ts';
import { formatRelativeTime } from '../lib/relative-time.ts';

/** '5 minutes ago' that keeps up with the clock; the full date and time on hover. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const now = useNow();
  const timeZone = useTimeZone();
  const date = new Date(value);
  return (
    <time dateTime={value} title={formatLongDateTime(date, timeZone)} className={className}>
      {formatRelativeTime(date, new Date(now), timeZone)}
    </time>
  );
}
