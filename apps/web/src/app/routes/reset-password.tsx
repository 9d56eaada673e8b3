import { pageTitles } from '@btcp/shared/paths';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { useResetTokenCheck } from '#web/features/auth/api/check-reset-token.ts';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { InvalidResetLink } from '#web/features/auth/components/invalid-reset-link.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { SessionLoading } from '#web/features/auth/components/session-loading.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';

export function Component() {
  useDocumentTitle(pageTitles.resetPassword);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useResetTokenCheck(token);

  // The server said no (a 4xx), or there is no token at all: the link cannot work.
  const refused = check.error instanceof ApiRequestError && check.error.status < 500;
  if (!token || refused) return <InvalidResetLink />;
  if (check.isPending) return <SessionLoading />;

  return (
    <AuthPage title="Reset password" description="Choose a new password for your account.">
      {check.isError ? (
        <RetryAlert stacked onRetry={() => check.refetch()}>
          We could not check your reset link. Please try again.
        </RetryAlert>
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </AuthPage>
  );
}
