import { pageTitles, paths } from '@btcp/shared/paths';
import { Loader2 } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { useAdminLogout } from '#web/features/admin/api/admin-logout.ts';
import { useStaff } from '#web/features/admin/api/get-staff.ts';
import { TwoFactorCard } from '#web/features/two-factor/components/two-factor-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * Decision 027: where an admin lands while every admin must have two-factor and they have none.
 * The server refuses them every other admin route until it is on.
 */
export function Component() {
  useDocumentTitle(pageTitles.adminTwoFactorSetup);
  const staff = useStaff();
  const logout = useAdminLogout();
  const navigate = useNavigate();
  if (staff.isPending) {
    return (
      <div role="status" className="flex justify-center py-20">
        <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
        <span className="sr-only">Loading...</span>
      </div>
    );
  }
  if (staff.isError || staff.data.role !== 'admin') {
    return <Navigate to={paths.adminLogin.getHref()} replace />;
  }
  const required = staff.data.twoFactorEnrolmentRequired === true;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Set up two-factor authentication</h1>
        <p className="mt-1 text-muted-foreground">
          {required
            ? 'Every admin must use two-factor authentication. Turn it on to continue to the admin area.'
            : 'Two-factor authentication is on. Keep your recovery codes somewhere safe.'}
        </p>
      </div>
      <TwoFactorCard owner="admin" />
      <div className="flex flex-wrap gap-2">
        {required ? null : (
          <Link to={paths.adminDashboard.getHref()} className={buttonVariants()}>
            Continue to the admin dashboard
          </Link>
        )}
        <Button
          variant="ghost"
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate('admin', {
              onSettled: () => navigate(paths.adminLogin.getHref(), { replace: true }),
            })
          }
        >
          Sign out
        </Button>
      </div>
    </div>
  );
}
