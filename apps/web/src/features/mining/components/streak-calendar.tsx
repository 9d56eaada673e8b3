import { type StreakDay, type StreakDayStatus, streakMessages } from '@btcp/shared/streaks';
import { Check, Snowflake } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Each status its own shape as well as its colour: a tick, a snowflake, an empty box, a dashed one. */
const looks: Record<StreakDayStatus, string> = {
  mined: 'border-primary bg-primary text-primary-foreground',
  frozen: 'border-foreground/70 bg-background text-foreground',
  missed: 'border-border bg-muted',
  today: 'border-dashed border-primary bg-background',
};

function DayMark({ status }: { status: StreakDayStatus }) {
  if (status === 'mined') return <Check aria-hidden="true" className="size-3/5" strokeWidth={3} />;
  if (status === 'frozen') return <Snowflake aria-hidden="true" className="size-3/5" />;
  return null;
}

/** The days as weeks (columns, oldest first) of seven (rows, Monday first); a week may end early. */
function weeksOf(days: readonly StreakDay[]): StreakDay[][] {
  const weeks: StreakDay[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

const moves: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };

/** What each look means, in words. */
function Legend() {
  const entries = [
    ['mined', streakMessages.legendMined],
    ['frozen', streakMessages.legendFrozen],
    ['missed', streakMessages.legendMissed],
  ] as const;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {entries.map(([status, text]) => (
        <li key={status} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'flex size-3.5 items-center justify-center rounded-[3px] border',
              looks[status],
            )}
          >
            <DayMark status={status} />
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The day the grid's one tab stop is on (the latest at first), and the keys that move it: the
 * arrows by a day or a week, Home and End to the first and last day.
 */
function useRovingDay(count: number) {
  const [active, setActive] = useState(count - 1);
  const cells = useRef<(HTMLTableCellElement | null)[]>([]);
  const focus = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    cells.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = moves[event.key];
    if (step !== undefined) focus(active + step);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(count - 1);
    else return;
    event.preventDefault();
  };
  return { active, setActive, cells, onKeyDown };
}

/**
 * Decision 060: the last 12 weeks' mining days as a grid of weeks, each day named in words (its
 * label and title), never by colour alone. One tab stop: the arrow keys, Home and End move between
 * days, and the focused or last-touched day is also said in words under the grid.
 */
export function StreakCalendar({ days }: { days: readonly StreakDay[] }) {
  const { active, setActive, cells, onKeyDown } = useRovingDay(days.length);
  const weeks = weeksOf(days);
  const activeDay = days[active];
  return (
    <div className="grid gap-2">
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA data grid pattern, a table whose days the arrow keys move between
        role="grid"
        aria-label={streakMessages.calendarLabel}
        aria-readonly="true"
        onKeyDown={onKeyDown}
        className="w-full max-w-md table-fixed border-separate border-spacing-[3px] sm:border-spacing-1"
      >
        <tbody>
          {WEEKDAYS.map((weekday, row) => (
            <tr key={weekday}>
              <th
                scope="row"
                className="w-8 p-0 text-left text-[0.6875rem] font-normal leading-none text-muted-foreground"
              >
                {weekday}
              </th>
              {weeks.map((week, column) => {
                const day = week[row];
                const index = column * 7 + row;
                if (!day) return <td key={`${weekday}-${index}`} className="p-0" />;
                const label = streakMessages.dayLabel(day);
                return (
                  <td
                    key={day.date}
                    ref={(element) => {
                      cells.current[index] = element;
                    }}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the grid, which the arrow keys reach
                    role="gridcell"
                    aria-label={label}
                    title={label}
                    tabIndex={index === active ? 0 : -1}
                    data-status={day.status}
                    onFocus={() => setActive(index)}
                    onPointerDown={() => setActive(index)}
                    className="rounded-[3px] p-0 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span
                      className={cn(
                        'flex aspect-square items-center justify-center rounded-[3px] border',
                        looks[day.status],
                      )}
                    >
                      <DayMark status={day.status} />
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="min-h-5 text-sm text-muted-foreground">
        {activeDay ? streakMessages.dayLabel(activeDay) : null}
      </p>
      <Legend />
    </div>
  );
}
