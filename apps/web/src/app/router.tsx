import { paths } from '@btcp/shared/paths';
import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../lib/route-table.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { AppRoot } from './layouts/app-root.tsx';
import { CommunityFrame } from './layouts/community-frame.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { signedInRoutes, signInAndUpRoutes } from './user-routes.tsx';

/** Every page is its own chunk, so a visitor's first load fetches only the page they opened. */
const publicPages: RouteObject[] = [
  { index: true, ...lazyRoute(() => import('./routes/landing.tsx')) },
  { path: paths.whitepaper.path, ...lazyRoute(() => import('./routes/whitepaper.tsx')) },
  { path: paths.blog.path, ...lazyRoute(() => import('./routes/blog.tsx')) },
  { path: paths.blogPost.path, ...lazyRoute(() => import('./routes/blog-post.tsx')) },
  { path: paths.termsOfService.path, ...lazyRoute(() => import('./routes/terms-of-service.tsx')) },
  { path: paths.proof.path, ...lazyRoute(() => import('./routes/proof.tsx')) },
  { path: paths.leaderboard.path, ...lazyRoute(() => import('./routes/leaderboard.tsx')) },
  // D20: the register form links /terms and /privacy; both lead to the combined page.
  { path: paths.terms.path, element: <Navigate to={paths.termsOfService.getHref()} replace /> },
  {
    path: paths.privacy.path,
    element: <Navigate to={`${paths.termsOfService.getHref()}#privacy`} replace />,
  },
];

/**
 * The community's pages: in a member's own shell when a member reads them, in the public frame for
 * everyone else (layouts/community-frame.tsx). The titles are the member shell's top bar.
 */
const communityPages: RouteObject[] = [
  {
    path: paths.community.path,
    ...lazyRoute(() => import('./routes/community.tsx'), { title: 'Community' }),
  },
  {
    path: paths.communityModlog.path,
    ...lazyRoute(() => import('./routes/community-modlog.tsx'), { title: 'Moderation Log' }),
  },
  {
    path: paths.communityPost.path,
    ...lazyRoute(() => import('./routes/community-post.tsx'), { title: 'Community' }),
  },
  {
    path: paths.communityThread.path,
    ...lazyRoute(() => import('./routes/community-thread.tsx'), { title: 'Community' }),
  },
];

/**
 * The whole route table, for the browser's router (main.tsx) and the server's renderer
 * (entry-server.tsx) alike, so both match a URL to the same routes with the same ids.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { element: <CommunityFrame />, children: communityPages },
      {
        element: <PublicLayout />,
        children: [
          ...publicPages,
          ...signInAndUpRoutes,
          { path: '*', ...lazyRoute(() => import('./routes/not-found.tsx')) },
        ],
      },
      ...signedInRoutes,
      ...adminRoutes,
    ],
  },
];
