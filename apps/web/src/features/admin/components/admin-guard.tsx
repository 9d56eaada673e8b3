import type { Staff } from '@btcp/shared/admin';
import { adminMessages } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import { Loader2, ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useStaff } from '../api/get-staff.ts';

function FullScreen({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      {children}
    </div>
  );
}

/** A 403: the account is not (or no longer) staff. Says why, then leaves for the login page. */
function AccessDeniedRedirect({ reason }: { reason: string }) {
  useEffect(() => {
    toast.error(adminMessages.accessDenied, { id: 'admin-access-denied', description: reason });
  }, [reason]);
  return <Navigate to={paths.login.getHref()} replace />;
}

function GuardFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 401) {
    return <Navigate to={paths.login.getHref()} replace />;
  }
  if (error instanceof ApiRequestError && error.status === 403) {
    return <AccessDeniedRedirect reason={error.message} />;
  }
  return (
    <FullScreen>
      <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
      <p role="alert" className="text-lg font-medium">
        Failed to verify admin status
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </FullScreen>
  );
}

/**
 * requireStaff for the browser: renders `children` for an admin or a moderator (D7), otherwise
 * sends the visitor to /login. It asks the server again on every navigation, so privileges revoked
 * meanwhile are noticed at the next page; the server checks every request regardless (D1).
 */
export function AdminGuard({ children }: { children: (staff: Staff) => ReactNode }) {
  const staff = useStaff();
  const { pathname } = useLocation();
  const { refetch } = staff;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to rerun on each navigation
  useEffect(() => {
    // Joins the check already running on first mount instead of starting a second one.
    void refetch({ cancelRefetch: false });
  }, [pathname, refetch]);

  if (staff.isError && !staff.isFetching) {
    return <GuardFailure error={staff.error} onRetry={() => void refetch()} />;
  }
  // Decision 027: while every admin must have two-factor, one without it sets it up first.
  if (staff.data?.twoFactorEnrolmentRequired) {
    return <Navigate to={paths.adminTwoFactorSetup.getHref()} replace />;
  }
  if (staff.data && !staff.isError) return children(staff.data);
  return (
    <FullScreen>
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      <p role="status" className="text-muted-foreground">
        Checking admin status...
      </p>
    </FullScreen>
  );
}
