import { paths } from '@btcp/shared/paths';
import { createBrowserRouter, Navigate } from 'react-router';
import { PublicLayout } from './layouts/public-layout.tsx';

/** Every page is its own chunk, so a visitor's first load fetches only the page they opened. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { index: true, lazy: () => import('./routes/landing.tsx') },
      { path: paths.whitepaper.path, lazy: () => import('./routes/whitepaper.tsx') },
      { path: paths.termsOfService.path, lazy: () => import('./routes/terms-of-service.tsx') },
      // D20: the register form links /terms and /privacy; both lead to the combined page.
      { path: paths.terms.path, element: <Navigate to={paths.termsOfService.getHref()} replace /> },
      {
        path: paths.privacy.path,
        element: <Navigate to={`${paths.termsOfService.getHref()}#privacy`} replace />,
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
