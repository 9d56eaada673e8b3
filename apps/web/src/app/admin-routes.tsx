import { paths } from '@btcp/shared/paths';
import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../lib/route-table.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';

/**
 * The admin area: admin login, create-admin, and the guarded /admin pages. Everything here loads
 * lazily, so a visitor never downloads admin code (or the zod it validates forms with).
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.adminLogin.path, ...lazyRoute(() => import('./routes/admin/admin-login.tsx')) },
      {
        path: paths.createAdmin.path,
        ...lazyRoute(() => import('./routes/admin/create-admin.tsx')),
      },
      {
        path: paths.adminTwoFactorSetup.path,
        ...lazyRoute(() => import('./routes/admin/two-factor-setup.tsx')),
      },
    ],
  },
  { path: '/admin', element: <Navigate to={paths.adminDashboard.getHref()} replace /> },
  {
    ...lazyRoute(async () => ({
      Component: (await import('./layouts/admin-layout.tsx')).AdminLayout,
    })),
    children: [
      {
        path: paths.adminDashboard.path,
        ...lazyRoute(() => import('./routes/admin/dashboard.tsx')),
      },
      { path: paths.adminUsers.path, ...lazyRoute(() => import('./routes/admin/users.tsx')) },
      { path: paths.adminWallets.path, ...lazyRoute(() => import('./routes/admin/wallets.tsx')) },
      { path: paths.adminSettings.path, ...lazyRoute(() => import('./routes/admin/settings.tsx')) },
      // One page for the list and the form: /admin/blog/{new | edit/{id}}, any other action lists.
      { path: paths.adminBlog.path, ...lazyRoute(() => import('./routes/admin/blog.tsx')) },
      { path: paths.adminBlogAction.path, ...lazyRoute(() => import('./routes/admin/blog.tsx')) },
      {
        path: paths.adminCommunity.path,
        ...lazyRoute(() => import('./routes/admin/community.tsx')),
      },
      // Mistyped admin pages, inside the admin frame.
      { path: '/admin/*', ...lazyRoute(() => import('./routes/not-found.tsx')) },
    ],
  },
];
