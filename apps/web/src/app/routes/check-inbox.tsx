import { pageTitles } from '@btcp/shared/paths';
import { useLocation } from 'react-router';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { CheckInbox } from '#web/features/auth/components/check-inbox.tsx';
import { pendingVerificationEmail } from '#web/features/auth/lib/pending-verification.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.checkInbox);
  const state = useLocation().state as { email?: string } | null;
  return (
    <AuthPage title="Check your inbox">
      <CheckInbox email={state?.email ?? pendingVerificationEmail()} />
    </AuthPage>
  );
}
