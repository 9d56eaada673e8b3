import { paths } from '@btcp/shared/paths';
import { Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { AppRoot } from './layouts/app-root.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { accountRoutes, signedInRoutes } from './user-routes.tsx';

/** Every page is its own chunk, so a visitor's first load fetches only the page they opened. */
const publicPages: RouteObject[] = [
  { index: true, lazy: () => import('./routes/landing.tsx') },
  { path: paths.whitepaper.path, lazy: () => import('./routes/whitepaper.tsx') },
  { path: paths.blog.path, lazy: () => import('./routes/blog.tsx') },
  { path: paths.blogPost.path, lazy: () => import('./routes/blog-post.tsx') },
  { path: paths.community.path, lazy: () => import('./routes/community.tsx') },
  { path: paths.communityPost.path, lazy: () => import('./routes/community-post.tsx') },
  { path: paths.termsOfService.path, lazy: () => import('./routes/terms-of-service.tsx') },
  // D20: the register form links /terms and /privacy; both lead to the combined page.
  { path: paths.terms.path, element: <Navigate to={paths.termsOfService.getHref()} replace /> },
  {
    path: paths.privacy.path,
    element: <Navigate to={`${paths.termsOfService.getHref()}#privacy`} replace />,
  },
];

/** Shown while the first page's chunk loads; the page paints over it within a frame or two. */
function FirstLoad() {
  return null;
}

/**
 * The whole route table, for the browser's router (main.tsx) and the server's renderer
 * (entry-server.tsx) alike, so both match a URL to the same routes with the same ids.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    HydrateFallback: FirstLoad,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...publicPages,
          ...accountRoutes,
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      ...signedInRoutes,
      ...adminRoutes,
    ],
  },
];
