import { pageTitles } from '@btcp/shared/paths';
import { ReferralLinkCard } from '../../features/account/components/referral-link-card.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.dashboard);
  const { data: session } = useSession();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-1 text-muted-foreground">
          Welcome back,{' '}
          <span className="font-medium wrap-anywhere text-foreground">{session?.user?.email}</span>
        </p>
      </div>
      <ReferralLinkCard />
    </div>
  );
}
