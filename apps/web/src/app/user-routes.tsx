import { paths } from '@btcp/shared/paths';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../lib/route-table.tsx';
import { loadShell } from './layouts/community-frame.tsx';

/**
 * Pages inside the public layout for signing up and in: register, login, verify email, forgot and
 * reset password, the dev mailbox.
 */
export const signInAndUpRoutes: RouteObject[] = [
  { path: paths.register.path, ...lazyRoute(() => import('./routes/register.tsx')) },
  { path: paths.login.path, ...lazyRoute(() => import('./routes/login.tsx')) },
  { path: paths.checkInbox.path, ...lazyRoute(() => import('./routes/check-inbox.tsx')) },
  { path: paths.verifyEmail.path, ...lazyRoute(() => import('./routes/verify-email.tsx')) },
  { path: paths.forgotPassword.path, ...lazyRoute(() => import('./routes/forgot-password.tsx')) },
  { path: paths.resetPassword.path, ...lazyRoute(() => import('./routes/reset-password.tsx')) },
  // Decision 029: opened from the mail, signed in or not; the goodbye page after deleting.
  {
    path: paths.confirmEmailChange.path,
    ...lazyRoute(() => import('./routes/confirm-email-change.tsx')),
  },
  { path: paths.accountDeleted.path, ...lazyRoute(() => import('./routes/account-deleted.tsx')) },
  // D22: the server answers 404 in production, and the page says so.
  { path: paths.mailbox.path, ...lazyRoute(() => import('./routes/dev-mailbox.tsx')) },
];

/**
 * Pages of the signed-in area under their own layout with the sidebar and a user guard. The layout
 * is lazy too, so a visitor's first load carries none of it.
 */
export const signedInRoutes: RouteObject[] = [
  {
    ...lazyRoute(loadShell),
    children: [
      {
        path: paths.dashboard.path,
        ...lazyRoute(() => import('./routes/dashboard.tsx'), { title: 'Dashboard' }),
      },
      {
        path: paths.wallet.path,
        ...lazyRoute(() => import('./routes/wallet.tsx'), { title: 'Wallet' }),
      },
      {
        path: paths.account.path,
        ...lazyRoute(() => import('./routes/account.tsx'), { title: 'Account' }),
      },
      {
        path: paths.notifications.path,
        ...lazyRoute(() => import('./routes/notifications.tsx'), { title: 'Notifications' }),
      },
    ],
  },
  { path: paths.settings.path, ...lazyRoute(() => import('./routes/settings.tsx')) },
];
