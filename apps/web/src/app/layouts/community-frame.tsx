import { lazy, Suspense } from 'react';
import { useSession } from '#web/lib/session.ts';
import { PublicLayout } from './public-layout.tsx';

// Its own chunk, as for the signed-in pages: a visitor reading the community never downloads it.
const SignedInShell = lazy(async () => ({
  default: (await import('./signed-in-layout.tsx')).SignedInShell,
}));

/**
 * The community's frame is chosen by who reads it: a signed-in member stays in their own shell
 * (sidebar, top bar) from the dashboard to the community and back; a visitor, or an admin without
 * a member session, gets the public pages' header and footer. The server renders each reader's
 * page with the same session (a visitor's page is the shared one), so both sides pick the same.
 */
export function CommunityFrame() {
  const member = Boolean(useSession().data?.user);
  if (!member) return <PublicLayout />;
  return (
    <Suspense fallback={null}>
      <SignedInShell flush />
    </Suspense>
  );
}
