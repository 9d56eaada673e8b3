import { pageTitles, paths } from '@btcp/shared/paths';
import { useSearchParams } from 'react-router';
import { SignedOutAuthPage } from '#web/features/auth/components/redirect-if-signed-in.tsx';
import { RegisterForm } from '#web/features/auth/components/register-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.register);
  const [searchParams] = useSearchParams();
  return (
    <SignedOutAuthPage
      title="Create an account"
      description="Register to start mining BTCP in your browser."
      prompts={[{ prompt: 'Already have an account?', to: paths.login.getHref(), link: 'Sign in' }]}
    >
      <RegisterForm referralCode={searchParams.get('ref') ?? ''} />
    </SignedOutAuthPage>
  );
}
