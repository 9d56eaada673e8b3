import { pageTitles } from '@btcp/shared/paths';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.forgotPassword);
  return (
    <AuthPage title="Forgot password">
      <ForgotPasswordForm />
    </AuthPage>
  );
}
