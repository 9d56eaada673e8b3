import { paths } from '@btcp/shared/paths';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session.ts';
import { SessionLoading } from './session-loading.tsx';

/** For /login and /register (route table): an admin goes to the admin dashboard, a user to theirs. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useSession();
  if (isPending) return <SessionLoading />;
  if (session?.admin) return <Navigate to={paths.adminDashboard.getHref()} replace />;
  if (session?.user) return <Navigate to={paths.dashboard.getHref()} replace />;
  return children;
}
