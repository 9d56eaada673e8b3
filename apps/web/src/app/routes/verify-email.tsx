import { pageTitles } from '@btcp/shared/paths';
import { useSearchParams } from 'react-router';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { VerifyEmailStatus } from '#web/features/auth/components/verify-email-status.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.verifyEmail);
  const [searchParams] = useSearchParams();
  return (
    <AuthPage title="Verify email">
      <VerifyEmailStatus token={searchParams.get('token') ?? ''} />
    </AuthPage>
  );
}
