import { accountLifecycleMessages as messages } from '@btcp/shared/account-lifecycle';
import { pageTitles, paths } from '@btcp/shared/paths';
import type { SessionState } from '@btcp/shared/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { forgetSignedInData } from '#web/features/auth/api/forget-signed-in-data.ts';
import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

/**
 * The goodbye page after "Delete account" (decision 029). The server ended every session; this
 * browser forgets what it kept of the account, as after signing out. Reached only from the
 * delete card (it passes `deleted` in the history state); anyone else goes home.
 */
export function Component() {
  useDocumentTitle(pageTitles.accountDeleted);
  const deleted = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!deleted) return;
    forgetSignedInData(queryClient);
    queryClient.setQueryData<SessionState>(sessionQueryKey, (current) => ({
      user: null,
      admin: current?.admin ?? null,
    }));
  }, [deleted, queryClient]);
  if (!deleted) return <Navigate to={paths.home.getHref()} replace />;
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
