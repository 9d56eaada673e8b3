import { lazy } from 'react';
import { Outlet } from 'react-router';
import { BrowserOnly } from '#web/components/browser-only.tsx';
import { useSession } from '#web/lib/session.ts';

const SignedInServices = lazy(() => import('./signed-in-services.tsx'));

/**
 * While a user is signed in, their services (event stream, miner), in the browser only. A
 * component of its own, so a change of session redraws it alone, never the page below.
 */
function SignedInServicesSlot() {
  const userId = useSession().data?.user?.id;
  return userId ? (
    <BrowserOnly>
      <SignedInServices key={userId} />
    </BrowserOnly>
  ) : null;
}

/**
 * Above every route: a signed-in user's services live here, so they outlast any page or layout
 * change, from the dashboard to the community and back. A new account at this browser gets fresh
 * ones (the key).
 */
export function AppRoot() {
  return (
    <>
      <SignedInServicesSlot />
      <Outlet />
    </>
  );
}
