import { paths } from '@btcp/shared/paths';
import type { RouteObject } from 'react-router';
import type { SignedInPageHandle } from './layouts/signed-in-layout.tsx';

/**
 * Pages inside the public layout for signing up and in: register, login, verify email, forgot and
 * reset password, the dev mailbox.
 */
export const accountRoutes: RouteObject[] = [
  { path: paths.register.path, lazy: () => import('./routes/register.tsx') },
  { path: paths.login.path, lazy: () => import('./routes/login.tsx') },
  { path: paths.checkInbox.path, lazy: () => import('./routes/check-inbox.tsx') },
  { path: paths.verifyEmail.path, lazy: () => import('./routes/verify-email.tsx') },
  { path: paths.forgotPassword.path, lazy: () => import('./routes/forgot-password.tsx') },
  { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password.tsx') },
  // D22: the server answers 404 in production, and the page says so.
  { path: paths.mailbox.path, lazy: () => import('./routes/dev-mailbox.tsx') },
];

const page = (title: string): SignedInPageHandle => ({ title });

/**
 * Pages of the signed-in area under their own layout with the sidebar and a user guard. The layout
 * is lazy too, so a visitor's first load carries none of it.
 */
export const signedInRoutes: RouteObject[] = [
  {
    lazy: () => import('./layouts/signed-in-layout.tsx'),
    children: [
      {
        path: paths.dashboard.path,
        handle: page('Dashboard'),
        lazy: () => import('./routes/dashboard.tsx'),
      },
      {
        path: paths.wallet.path,
        handle: page('Wallet'),
        lazy: () => import('./routes/wallet.tsx'),
      },
      {
        path: paths.account.path,
        handle: page('Account'),
        lazy: () => import('./routes/account.tsx'),
      },
    ],
  },
  { path: paths.settings.path, lazy: () => import('./routes/settings.tsx') },
];
