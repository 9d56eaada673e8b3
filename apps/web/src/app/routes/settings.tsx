import { paths } from '@btcp/shared/paths';
import { Navigate } from 'react-router';
import { SessionLoading } from '#web/features/auth/components/session-loading.tsx';
import { useSession } from '#web/lib/session.ts';

/** Route table: /settings is the admin's settings for an admin, the account page for anyone else. */
export function Component() {
  const { data: session, isPending } = useSession();
  if (isPending) return <SessionLoading />;
  const target = session?.admin ? paths.adminSettings : paths.account;
  return <Navigate to={target.getHref()} replace />;
}
