import { paths } from '@btcp/shared/paths';
import { useSession } from '../api/get-session.ts';

/** Where the signed-in visitor's dashboard is (an admin's first), or null when nobody is signed in. */
export function useDashboardHref(): string | null {
  // While the session loads or fails the visitor counts as signed out; the server decides anyway.
  const { data } = useSession();
  if (data?.admin) return paths.adminDashboard.getHref();
  if (data?.user) return paths.dashboard.getHref();
  return null;
}
