import { adminMessages } from '@btcp/shared/admin';
import { pageTitles, paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
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
 * D8: open to anyone until the first admin exists, then to signed-in admins only. The server
 * enforces it; this page only explains it instead of offering a form that would be refused.
 */
export function Component() {
  useDocumentTitle(pageTitles.createAdmin);
  const session = useSession();
  const bootstrap = useAdminBootstrap();
  const signedInAsAdmin = Boolean(session.data?.admin);

  if (session.isPending || bootstrap.isPending) {
    return (
      <AuthCard title="Create Admin" description="Set up an admin account.">
        <p role="status" className="py-6 text-center text-muted-foreground">
          Loading...
        </p>
      </AuthCard>
    );
  }

  if (bootstrap.data?.adminExists && !signedInAsAdmin) {
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
      description={
        signedInAsAdmin
          ? 'Add another admin account.'
          : 'No admin exists yet: create the first admin account.'
      }
    >
      <CreateAdminForm signedInAsAdmin={signedInAsAdmin} />
      <BackToAdminLogin />
    </AuthCard>
  );
}
