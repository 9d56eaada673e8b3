import { pageTitles, paths } from '@btcp/shared/paths';
import { Link, useSearchParams } from 'react-router';
import { AuthPage, textLinkClass } from '#web/features/auth/components/auth-page.tsx';
import { RedirectIfSignedIn } from '#web/features/auth/components/redirect-if-signed-in.tsx';
import { RegisterForm } from '#web/features/auth/components/register-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.register);
  const [searchParams] = useSearchParams();
  return (
    <RedirectIfSignedIn>
      <AuthPage
        title="Create an account"
        description="Register to start mining BTCP in your browser."
        footer={
          <p>
            Already have an account?{' '}
            <Link to={paths.login.getHref()} className={textLinkClass}>
              Sign in
            </Link>
          </p>
        }
      >
        <RegisterForm referralCode={searchParams.get('ref') ?? ''} />
      </AuthPage>
    </RedirectIfSignedIn>
  );
}
