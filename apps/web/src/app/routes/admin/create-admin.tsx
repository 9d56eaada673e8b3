import { adminMessages } from '@btcp/shared/admin';
import { pageTitles, paths } from '@btcp/shared/paths';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useAdminBootstrap } from '#web/features/admin/api/get-admin-bootstrap.ts';
import { AuthCard } from '#web/features/admin/components/auth-card.tsx';
import { CreateAdminForm } from '#web/features/admin/components/create-admin-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.ts';

function BackToAdminLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={paths.adminLogin.getHref()} className="font-medium text-primary hover:underline">
        Back to Admin Login
      </Link>
    </p>
  );
}

/**
 * D8: the first-run bootstrap, open to anyone until the first admin exists; whoever creates it is
 * signed in as it (decision 057). Later admins are added from the admin's Settings, where a
 * signed-in admin is sent; anyone else is told so. The server enforces it all.
 */
export function Component() {
  useDocumentTitle(pageTitles.createAdmin);
  const session = useSession();
  const bootstrap = useAdminBootstrap();
  const navigate = useNavigate();
  // Once this page has made the first admin, the fresh session and bootstrap answers must not send
  // them to Settings or the closed-page text while the dashboard is on its way.
  const [created, setCreated] = useState(false);
  const signedInAsAdmin = Boolean(session.data?.admin) && !created;

  if (session.isPending || bootstrap.isPending) {
    return (
      <AuthCard title="Create Admin" description="Set up an admin account.">
        <p role="status" className="py-6 text-center text-muted-foreground">
          Loading...
        </p>
      </AuthCard>
    );
  }

  if (signedInAsAdmin) return <Navigate to={paths.adminSettings.getHref()} replace />;

  if (bootstrap.data?.adminExists && !created) {
    return (
      <AuthCard title="Create Admin" description={adminMessages.bootstrapClosed}>
        <p className="text-center text-sm text-muted-foreground">
          Signed-in admins can add more admins from Settings.
        </p>
        <Link
          to={paths.adminLogin.getHref()}
          className={buttonVariants({ className: 'mt-6 w-full' })}
        >
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create Admin"
      description="No admin exists yet: create the first admin account. You will be signed in as this admin."
    >
      <CreateAdminForm
        onCreated={(result) => {
          setCreated(true);
          const next = result.twoFactorEnrolmentRequired
            ? paths.adminTwoFactorSetup
            : paths.adminDashboard;
          navigate(next.getHref(), { replace: true });
        }}
      />
      <BackToAdminLogin />
    </AuthCard>
  );
}
