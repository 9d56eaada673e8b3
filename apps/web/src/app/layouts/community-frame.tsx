import { paths } from '@btcp/shared/paths';
import { lazy, Suspense } from 'react';
import { useSession } from '#web/lib/session.ts';
import { PublicLayout } from './public-layout.tsx';

// Its own chunk, as for the signed-in pages: a visitor reading the community never downloads it.
let shell: typeof import('./signed-in-layout.tsx') | undefined;
/** The signed-in layout's chunk, one import for the member routes and this frame (user-routes.tsx). */
export const loadShell = async () => {
  shell ??= await import('./signed-in-layout.tsx');
  return shell;
};
const LazyShell = lazy(async () => ({ default: (await loadShell()).SignedInShell }));

/**
 * Called before a server-rendered page hydrates (main.tsx): a member's community page then has its
 * shell at hand and hydrates whole, so a button pressed before the app took over (replayed by
 * public/first-paint.js) lands on a live page rather than in a boundary still waiting for a chunk.
 */
export async function loadMemberFrame(member: boolean, pathname: string) {
  if (member && pathname.startsWith(paths.community.path)) await loadShell();
}

/**
 * The community's frame is chosen by who reads it: a signed-in member stays in their own shell
 * (sidebar, top bar) from the dashboard to the community and back; a visitor, or an admin without
 * a member session, gets the public pages' header and footer. The server renders each reader's
 * page with the same session (a visitor's page is the shared one), so both sides pick the same.
 */
export function CommunityFrame() {
  const member = Boolean(useSession().data?.user);
  if (!member) return <PublicLayout />;
  const Shell = shell?.SignedInShell ?? LazyShell;
  return (
    <Suspense fallback={null}>
      <Shell flush />
    </Suspense>
  );
}
