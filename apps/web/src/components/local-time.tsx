import { useTimeZone } from '../hooks/use-time-zone.ts';

/**
 * A moment as text in the reader's time zone (UTC on the server and while hydrating, see
 * useTimeZone). Its own small component: the render that follows hydration redraws this text
 * only, not the post or article around it.
 */
export function LocalTime({
  dateTime,
  format,
}: {
  dateTime: string;
  format: (value: string, timeZone?: 'UTC') => string;
}) {
  const timeZone = useTimeZone();
  return <time dateTime={dateTime}>{format(dateTime, timeZone)}</time>;
}
