import { pageTitles, paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { AuthPage, textLinkClass } from '#web/features/auth/components/auth-page.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { RedirectIfSignedIn } from '#web/features/auth/components/redirect-if-signed-in.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.login);
  return (
    <RedirectIfSignedIn>
      <AuthPage
        title="Login"
        description="Sign in to your account to keep mining."
        footer={
          <>
            <p>
              Don&apos;t have an account?{' '}
              <Link to={paths.register.getHref()} className={textLinkClass}>
                Register
              </Link>
            </p>
            <p>
              Are you an admin?{' '}
              <Link to={paths.adminLogin.getHref()} className={textLinkClass}>
                Admin login
              </Link>
            </p>
          </>
        }
      >
        <LoginForm />
      </AuthPage>
    </RedirectIfSignedIn>
  );
}
