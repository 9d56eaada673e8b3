import type { Account } from '@btcp/shared/account';
import { LEADERBOARD_SETTING_ID } from '@btcp/shared/leaderboard';
import { paths } from '@btcp/shared/paths';
import { useId } from 'react';
import { Link } from 'react-router';
import { FormCard } from '#web/components/form-card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useShowOnLeaderboard } from '../api/show-on-leaderboard.ts';

/**
 * D28: "Show me on the leaderboard", off until the member turns it on. The board shows a username,
 * so without one the switch is disabled and says why beside it (the server refuses it too).
 */
export function LeaderboardOptInCard({
  account,
  onChanged,
}: {
  account: Account;
  /** After the choice is saved: the board and the member's rank are read again. */
  onChanged?: () => void;
}) {
  const update = useShowOnLeaderboard(onChanged);
  const id = useId();
  const reasonId = useId();
  const checked = update.isPending ? update.variables.show : account.showOnLeaderboard;
  const refused = !account.username && !checked;
  const set = (show: boolean) =>
    update.mutate(
      { show },
      {
        onSuccess: () =>
          toast.success(
            show ? 'You are shown on the leaderboard' : 'You are hidden from the leaderboard',
          ),
        onError: (error) => toast.error('Error', { description: requestErrorMessage(error) }),
      },
    );
  return (
    <section id={LEADERBOARD_SETTING_ID} className="scroll-mt-20">
      <FormCard
        title="Leaderboard"
        description="The public leaderboard ranks members by time mined, never by balance. Only members who turn this on are listed, by username, with their streak."
      >
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={id} className={refused ? 'text-muted-foreground' : undefined}>
              Show me on the leaderboard
            </Label>
            <Switch
              id={id}
              checked={checked}
              disabled={update.isPending || refused}
              aria-describedby={refused ? reasonId : undefined}
              onCheckedChange={set}
            />
          </div>
          {refused ? (
            <p id={reasonId} className="text-sm text-muted-foreground">
              The leaderboard shows your username: choose one in the Profile card first.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Link
                to={paths.leaderboard.getHref()}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                See the leaderboard
              </Link>
            </p>
          )}
        </div>
      </FormCard>
    </section>
  );
}
