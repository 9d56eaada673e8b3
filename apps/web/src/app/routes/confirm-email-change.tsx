import { pageTitles } from '@btcp/shared/paths';
import { useSearchParams } from 'react-router';
import { ConfirmEmailChangeStatus } from '#web/features/account/components/confirm-email-change-status.tsx';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.confirmEmailChange);
  const [searchParams] = useSearchParams();
  return (
    <AuthPage title="Confirm your new email">
      <ConfirmEmailChangeStatus token={searchParams.get('token') ?? ''} />
    </AuthPage>
  );
}
