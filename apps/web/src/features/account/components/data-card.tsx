import { Download } from 'lucide-react';
import { FormCard } from '#web/components/form-card.tsx';
import { ReauthenticateDialog } from '#web/components/reauthenticate-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useReauthenticatedAction } from '#web/hooks/use-reauthenticated-action.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadAccountData } from '../api/export-account.ts';
import { toastFailure } from '../lib/show-failure.ts';

/**
 * "Download your data": everything held about the account as one JSON file. The server asks for
 * the password again when it was last entered more than 10 minutes ago.
 */
export function DataCard() {
  const { run, busy, dialog } = useReauthenticatedAction(toastFailure);
  const download = () =>
    run(async () => {
      await downloadAccountData();
      toast.success('Your data is downloading');
    });
  return (
    <FormCard
      title="Your data"
      description="Download everything BTCP holds about your account: profile, wallet and transactions, mining sessions, days and streak, posts, comments, votes, referrals, sessions, notifications and push devices."
    >
      <Button variant="outline" disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" className="size-4" />
        {busy ? 'Preparing...' : 'Download your data'}
      </Button>
      <ReauthenticateDialog {...dialog} />
    </FormCard>
  );
}
