import { LEADERBOARD_REFRESH_SECONDS, type LeaderboardPeriod } from '@btcp/shared/leaderboard';
import { pageTitles, paths } from '@btcp/shared/paths';
import { Trophy } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import {
  leaderboardQueryOptions,
  useLeaderboard,
} from '#web/features/leaderboard/api/leaderboard.ts';
import { LeaderboardTable } from '#web/features/leaderboard/components/leaderboard-table.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { cn } from '#web/lib/cn.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';

const periodOf = (params: URLSearchParams): LeaderboardPeriod =>
  params.get('period') === 'all' ? 'all' : 'week';

const PERIODS: { period: LeaderboardPeriod; label: string; caption: string }[] = [
  {
    period: 'week',
    label: 'This week',
    caption: 'Members ranked by time mined this week, from Monday 00:00 UTC',
  },
  { period: 'all', label: 'All time', caption: 'Members ranked by time mined, all-time' },
];

/** The first page of the period in the address comes with the page. */
export const handle: PublicPageHandle = {
  prefetch: (queryClient, { searchParams }) =>
    queryClient.fetchInfiniteQuery(leaderboardQueryOptions(periodOf(searchParams))),
};

/**
 * D28: members who chose to appear, ranked by time mined (never balance). The period lives in the
 * address (?period=all), so a shared link and Back keep it.
 */
export function Component() {
  useDocumentTitle(pageTitles.leaderboard);
  const [params] = useSearchParams();
  const period = periodOf(params);
  const board = useLeaderboard(period);
  const current = PERIODS.find((p) => p.period === period) ?? PERIODS[0];
  const minutes = LEADERBOARD_REFRESH_SECONDS / 60;

  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 pt-10 pb-20 sm:px-6 lg:px-8 lg:pt-16">
      <header className="grid gap-3 border-b border-border pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Leaderboard</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Members who chose to appear, ranked by time mined, never by balance. Turn it on or off
          under Leaderboard on your{' '}
          <Link
            to={paths.account.getHref()}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            account
          </Link>
          .
        </p>
      </header>
      <PeriodSwitch period={period} />
      <section aria-labelledby="board-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="board-heading" className="text-2xl font-bold tracking-tight">
            {current?.label}
          </h2>
          <p className="text-sm text-muted-foreground">
            Updated every {minutes === 1 ? 'minute' : `${minutes} minutes`}
          </p>
        </div>
        <BoardBody board={board} period={period} caption={current?.caption ?? ''} />
        {board.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              disabled={board.isFetchingNextPage}
              onClick={() => void board.fetchNextPage()}
            >
              {board.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** This week or all time: two links, the current one marked, each the address of its board. */
function PeriodSwitch({ period }: { period: LeaderboardPeriod }) {
  return (
    <nav aria-label="Period" className="flex w-full rounded-md bg-muted p-1 text-sm sm:w-fit">
      {PERIODS.map((item) => (
        <Link
          key={item.period}
          to={
            item.period === 'all' ? paths.leaderboard.getHref('all') : paths.leaderboard.getHref()
          }
          aria-current={item.period === period ? 'page' : undefined}
          className={cn(
            'inline-flex h-9 flex-1 items-center justify-center rounded-sm px-4 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:flex-none',
            item.period === period && 'bg-background text-foreground shadow-sm',
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/** The board's table, or its loading, failure or empty state. */
function BoardBody({
  board,
  period,
  caption,
}: {
  board: ReturnType<typeof useLeaderboard>;
  period: LeaderboardPeriod;
  caption: string;
}) {
  const rows = board.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {board.isError ? (
        <RetryAlert onRetry={() => void board.refetch()}>
          The leaderboard could not be loaded.
        </RetryAlert>
      ) : !board.data ? (
        <div role="status" aria-label="Loading the leaderboard">
          <SkeletonStack lines={['h-10', 'h-10', 'h-10', 'h-10']} className="grid gap-2" />
        </div>
      ) : rows.length === 0 ? (
        <Card>
          <CardContent>
            <EmptyState
              icon={Trophy}
              className="py-12"
              title={
                period === 'week' ? 'Nobody on the board this week yet' : 'Nobody on the board yet'
              }
              description="Members appear here once they turn on “Show me on the leaderboard” and mine."
            />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="px-3 sm:px-6">
            <LeaderboardTable caption={caption} rows={rows} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
