import { reauthenticationMessages } from '@btcp/shared/sessions';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { needsPassword, ReauthenticateForm } from '#web/components/reauthenticate-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { TriggeredDialog } from '#web/components/ui/dialog.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadAccountData, reauthenticate } from '../api/export-account.ts';

/**
 * "Download your data": everything held about the account as one JSON file. The server asks for
 * the password again when it was last entered more than 10 minutes ago.
 */
export function DataCard() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAccountData();
      setAsking(false);
      toast.success('Your data is downloading');
    } catch (error) {
      if (needsPassword(error)) setAsking(true);
      else toast.error('Error', { description: requestErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything BTCP holds about your account: profile, wallet and transactions,
          mining sessions, posts, comments, votes, referrals, sessions and notifications.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TriggeredDialog
          open={asking}
          onOpenChange={setAsking}
          title={reauthenticationMessages.title}
          description={reauthenticationMessages.description}
          trigger={
            <Button
              variant="outline"
              disabled={busy}
              onClick={(event) => {
                // The dialog opens only when the server asks for the password.
                event.preventDefault();
                void download();
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              {busy ? 'Preparing...' : 'Download your data'}
            </Button>
          }
        >
          <ReauthenticateForm reauthenticate={reauthenticate} onConfirmed={download} />
        </TriggeredDialog>
      </CardContent>
    </Card>
  );
}
