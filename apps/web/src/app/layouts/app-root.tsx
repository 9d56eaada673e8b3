import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session.ts';

const SignedInServices = lazy(() => import('./signed-in-services.tsx'));

/**
 * Above every route: while a user is signed in, their services (event stream, miner) live here, so
 * they outlast any page or layout change, from the dashboard to the community and back. A new
 * account at this browser gets fresh ones (the key).
 */
export function AppRoot() {
  const userId = useSession().data?.user?.id;
  return (
    <>
      {userId ? (
        <Suspense fallback={null}>
          <SignedInServices key={userId} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
