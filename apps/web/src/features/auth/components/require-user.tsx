import { paths } from '@btcp/shared/paths';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session.ts';
import { signedOutElsewhere } from '../lib/signed-out-reason.ts';
import { SessionLoading } from './session-loading.tsx';

/**
 * Renders its children for a signed-in user. Route table: an admin session without a user session
 * goes to the admin dashboard, anyone else to /login (told why when the session was ended elsewhere). A failed check counts as signed out; the
 * server refuses the page's calls anyway.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useSession();
  if (isPending) return <SessionLoading />;
  if (session?.user) return children;
  if (session?.admin) return <Navigate to={paths.adminDashboard.getHref()} replace />;
  // Decision 057: a session ended from another device is told so on the sign-in page.
  const state = session?.endedElsewhere ? signedOutElsewhere : undefined;
  return <Navigate to={paths.login.getHref()} state={state} replace />;
}
