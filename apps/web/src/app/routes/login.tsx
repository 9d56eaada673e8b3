import { pageTitles, paths } from '@btcp/shared/paths';
import { AuthPromptLink } from '#web/features/auth/components/auth-page.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { SignedOutAuthPage } from '#web/features/auth/components/redirect-if-signed-in.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.login);
  return (
    <SignedOutAuthPage
      title="Login"
      description="Sign in to your account to keep mining."
      footer={
        <>
          <AuthPromptLink prompt="Don't have an account?" to={paths.register.getHref()}>
            Register
          </AuthPromptLink>
          <AuthPromptLink prompt="Are you an admin?" to={paths.adminLogin.getHref()}>
            Admin login
          </AuthPromptLink>
        </>
      }
    >
      <LoginForm />
    </SignedOutAuthPage>
  );
}
