import { formatTimeMined, type LeaderboardEntry } from '@btcp/shared/leaderboard';
import { streakMessages } from '@btcp/shared/streaks';

/**
 * The board as a table (rank, member, time mined, streak), with its caption and header cells, and
 * narrow enough for a 375 px screen without scrolling sideways: a long username wraps.
 */
export function LeaderboardTable({ caption, rows }: { caption: string; rows: LeaderboardEntry[] }) {
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="w-11 py-2 pr-2 font-medium sm:w-16">
            Rank
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            Member
          </th>
          <th scope="col" className="w-[5.5rem] py-2 pr-2 text-right font-medium sm:w-32">
            Time mined
          </th>
          <th scope="col" className="w-16 py-2 text-right font-medium sm:w-24">
            Streak
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.username} className="border-b border-border last:border-0">
            <td className="py-2 pr-2 font-semibold tabular-nums">{row.rank}</td>
            <th scope="row" className="py-2 pr-2 text-left font-medium [overflow-wrap:anywhere]">
              {row.username}
            </th>
            <td className="py-2 pr-2 text-right tabular-nums">{formatTimeMined(row.seconds)}</td>
            <td className="py-2 text-right tabular-nums">{streakMessages.days(row.streak)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
