import { pageTitles } from '@btcp/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { QueryContent } from '#web/components/query-content.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { DataCard } from '#web/features/account/components/data-card.tsx';
import { DeleteAccountCard } from '#web/features/account/components/delete-account-card.tsx';
import { EmailCard } from '#web/features/account/components/email-card.tsx';
import { LeaderboardOptInCard } from '#web/features/account/components/leaderboard-opt-in-card.tsx';
import { ProfileCard } from '#web/features/account/components/profile-card.tsx';
import { SecurityCard } from '#web/features/account/components/security-card.tsx';
import { leaderboardQueryKey } from '#web/features/leaderboard/api/leaderboard.ts';
import { PasskeysCard } from '#web/features/passkeys/components/passkeys-card.tsx';
import { useEndSessions } from '#web/features/sessions/api/sessions.ts';
import { SessionsCard } from '#web/features/sessions/components/sessions-card.tsx';
import { TwoFactorCard } from '#web/features/two-factor/components/two-factor-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.account);
  const account = useAccount();
  const endSessions = useEndSessions('account');
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-1 text-muted-foreground">
          Your profile, email, leaderboard, password, passkeys, two-factor, sessions and data.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <QueryContent
          query={account}
          loadingClassName="grid gap-4 rounded-xl border border-border p-6"
          skeletons={['h-6 w-32', 'h-10', 'h-10']}
          failure="Could not load your profile."
          stacked
        >
          {(data) => <ProfileCard account={data} />}
        </QueryContent>
        <SecurityCard />
        {account.data ? <EmailCard email={account.data.email} /> : null}
        {account.data ? (
          <LeaderboardOptInCard
            account={account.data}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: leaderboardQueryKey })}
          />
        ) : null}
        <PasskeysCard onSignOutOthers={() => endSessions.mutateAsync(null)} />
        <TwoFactorCard owner="account" onSignOutOthers={() => endSessions.mutateAsync(null)} />
        <DataCard />
        <div className="lg:col-span-2">
          <SessionsCard owner="account" />
        </div>
        {account.data ? (
          <div className="lg:col-span-2">
            <DeleteAccountCard email={account.data.email} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
