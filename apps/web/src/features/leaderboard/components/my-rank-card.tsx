import {
  formatTimeMined,
  LEADERBOARD_SETTING_ID,
  type LeaderboardStanding,
  leaderboardMessages,
} from '@btcp/shared/leaderboard';
import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { QueryCard } from '#web/components/query-card.tsx';
import { useMyLeaderboard } from '../api/leaderboard.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function Standing({ label, standing }: { label: string; standing: LeaderboardStanding }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2 sm:block sm:p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right sm:mt-1 sm:text-left">
        <span className="text-lg font-bold tabular-nums sm:text-2xl">
          {standing.rank === null ? 'Not ranked' : `#${standing.rank}`}
        </span>
        <span className="block text-sm text-muted-foreground">
          {standing.seconds > 0
            ? `${formatTimeMined(standing.seconds)} mined`
            : 'No time mined yet'}
        </span>
      </dd>
    </div>
  );
}

/**
 * D28: the member's own place on the leaderboard this week and all-time, however far down, or why
 * they are not on it, with the way to the board and to the setting.
 */
export function MyRankCard() {
  const mine = useMyLeaderboard();
  return (
    <QueryCard
      title="Your leaderboard rank"
      description="By time mined this week (from Monday 00:00 UTC) and all-time."
      query={mine}
      loadingClassName="grid gap-3"
      skeletons={['h-16']}
      failure="Could not load your rank."
    >
      {(data) => (
        <div className="grid gap-3">
          {data.shown ? (
            <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3">
              <Standing label="This week" standing={data.week} />
              <Standing label="All time" standing={data.all} />
            </dl>
          ) : (
            <p className="text-sm">
              {data.reason ? leaderboardMessages.hidden[data.reason] : null}
            </p>
          )}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={paths.leaderboard.getHref()} className={linkClass}>
              See the leaderboard
            </Link>
            <Link to={`${paths.account.getHref()}#${LEADERBOARD_SETTING_ID}`} className={linkClass}>
              {data.shown ? 'Leaderboard setting' : 'Change the setting'}
            </Link>
          </p>
        </div>
      )}
    </QueryCard>
  );
}
