import { pageTitles, paths } from '@btcp/shared/paths';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { SignedOutAuthPage } from '#web/features/auth/components/redirect-if-signed-in.tsx';
import { SignedOutNotice } from '#web/features/auth/components/signed-out-notice.tsx';
import { PasskeySignIn } from '#web/features/passkeys/components/passkey-sign-in.tsx';
import { SecondFactorForm } from '#web/features/two-factor/components/second-factor-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.login);
  return (
    <SignedOutAuthPage
      title="Login"
      description="Sign in to your account to keep mining."
      prompts={[
        { prompt: "Don't have an account?", to: paths.register.getHref(), link: 'Register' },
        { prompt: 'Are you an admin?', to: paths.adminLogin.getHref(), link: 'Admin login' },
      ]}
    >
      <SignedOutNotice />
      <LoginForm secondStep={(step) => <SecondFactorForm {...step} />} />
      <PasskeySignIn />
    </SignedOutAuthPage>
  );
}
