import { accountLifecycleMessages as messages } from '@btcp/shared/account-lifecycle';
import { pageTitles, paths } from '@btcp/shared/paths';
import { Link, Navigate } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSignedIn } from '#web/lib/session.ts';

/**
 * The goodbye page after "Delete account" (decision 029), loaded afresh so that nothing of the
 * account stays in this browser's memory. A member who is signed in has an account: not theirs.
 */
export function Component() {
  useDocumentTitle(pageTitles.accountDeleted);
  if (useSignedIn()) return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <AuthPage title={messages.goodbyeTitle}>
      <div className="grid gap-4 text-center">
        <p className="text-muted-foreground">{messages.goodbyeText}</p>
        <Link to={paths.home.getHref()} className={buttonVariants({ className: 'w-full' })}>
          Go to the home page
        </Link>
      </div>
    </AuthPage>
  );
}
