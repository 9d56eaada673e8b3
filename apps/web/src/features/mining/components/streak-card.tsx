import { DEFAULT_STREAK_SETTINGS, STREAK_FREEZES_MAX, streakMessages } from '@btcp/shared/streaks';
import { Flame, type LucideIcon, Snowflake, Trophy } from 'lucide-react';
import { QueryCard } from '#web/components/query-card.tsx';
import { useMiningStreak } from '../api/get-mining-streak.ts';
import { StreakCalendar } from './streak-calendar.tsx';

/** One figure: a row of its name and value on a phone, a tile from the small breakpoint on. */
function Figure({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2 sm:block sm:p-3">
      <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="text-lg font-bold tabular-nums sm:mt-1 sm:text-2xl">{value}</dd>
    </div>
  );
}

/**
 * Decision 060 (D28): the member's current and longest streak, the freezes held, and the calendar
 * of the last 12 weeks' mining days.
 */
export function StreakCard() {
  const streak = useMiningStreak();
  return (
    <QueryCard
      title={streakMessages.cardTitle}
      description={streakMessages.cardDescription(
        streak.data?.qualifyingMinutes ?? DEFAULT_STREAK_SETTINGS.qualifyingMinutes,
      )}
      query={streak}
      loadingClassName="grid gap-3"
      skeletons={['h-16', 'h-48']}
      failure="Could not load your streak."
    >
      {(data) => (
        <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,28rem)] md:items-start md:justify-between">
          <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3 md:grid-cols-1">
            <Figure
              icon={Flame}
              label={streakMessages.current}
              value={streakMessages.days(data.current)}
            />
            <Figure
              icon={Trophy}
              label={streakMessages.longest}
              value={streakMessages.days(data.longest)}
            />
            <Figure
              icon={Snowflake}
              label={streakMessages.freezes}
              value={`${data.freezes} of ${STREAK_FREEZES_MAX}`}
            />
          </dl>
          <StreakCalendar days={data.days} />
        </div>
      )}
    </QueryCard>
  );
}
