/**
 * Every route of the web app in one place. The server uses the same table to
 * answer unknown pages with a 404 status while still serving the app, and to put each page's title
 * into the HTML it sends.
 */
export const SITE_NAME = 'BTCP';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  whitepaper: { path: '/whitepaper', getHref: () => '/whitepaper' },
  blog: { path: '/blog', getHref: () => '/blog' },
  blogPost: { path: '/blog/:id', getHref: (id: string) => `/blog/${encodeURIComponent(id)}` },
  community: { path: '/community', getHref: () => '/community' },
  // Before communityPost, whose /community/:id would otherwise claim it.
  communityModlog: { path: '/community/modlog', getHref: () => '/community/modlog' },
  communityPost: {
    path: '/community/:id',
    getHref: (id: string) => `/community/${encodeURIComponent(id)}`,
  },
  /** One comment and the replies below it ("Continue this thread"). */
  communityThread: {
    path: '/community/:id/comments/:commentId',
    getHref: (postId: string, commentId: string) =>
      `/community/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
  },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  /** D27: the published, signed records of all balances, checked in the reader's browser. */
  proof: { path: '/proof', getHref: () => '/proof' },
  /** D28: members who chose to appear, ranked by time mined this week or all-time. */
  leaderboard: {
    path: '/leaderboard',
    getHref: (period?: 'all') => (period ? `/leaderboard?period=${period}` : '/leaderboard'),
  },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  login: { path: '/login', getHref: () => '/login' },
  register: {
    path: '/register',
    getHref: (ref?: string) => (ref ? `/register?ref=${encodeURIComponent(ref)}` : '/register'),
  },
  adminLogin: { path: '/admin-login', getHref: () => '/admin-login' },
  createAdmin: { path: '/create-admin', getHref: () => '/create-admin' },
  /** Decision 027: where an admin who must have two-factor and has none sets it up. */
  adminTwoFactorSetup: { path: '/admin-two-factor', getHref: () => '/admin-two-factor' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  checkInbox: { path: '/check-your-inbox', getHref: () => '/check-your-inbox' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  account: { path: '/account', getHref: () => '/account' },
  confirmEmailChange: { path: '/account/confirm-email', getHref: () => '/account/confirm-email' },
  accountDeleted: { path: '/account-deleted', getHref: () => '/account-deleted' },
  settings: { path: '/settings', getHref: () => '/settings' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  adminDashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminWallets: { path: '/admin/wallets', getHref: () => '/admin/wallets' },
  adminSettings: { path: '/admin/settings', getHref: () => '/admin/settings' },
  adminBlog: { path: '/admin/blog', getHref: () => '/admin/blog' },
  adminBlogAction: {
    path: '/admin/blog/:action/:id?',
    getHref: (action?: 'new' | 'edit', id?: string) =>
      `/admin/blog${action ? `/${action}` : ''}${id ? `/${encodeURIComponent(id)}` : ''}`,
  },
  adminCommunity: { path: '/admin/community', getHref: () => '/admin/community' },
  mailbox: { path: '/dev/mailbox', getHref: () => '/dev/mailbox' },
} as const;

export type PathKey = keyof typeof paths;

export const LANDING_TITLE = `${SITE_NAME} | KYC-Free Bitcoin Mining Platform`;

/** Page titles the product gives, or that a finished product needs; null means the page sets its own. */
export const pageTitles: Record<PathKey, string> = {
  home: LANDING_TITLE,
  whitepaper: `Whitepaper | ${SITE_NAME}`,
  blog: `Blog | ${SITE_NAME}`,
  blogPost: `Blog | ${SITE_NAME}`,
  community: `Community | ${SITE_NAME}`,
  communityModlog: `Moderation Log | ${SITE_NAME}`,
  communityPost: `Community Post | ${SITE_NAME}`,
  communityThread: `Community Thread | ${SITE_NAME}`,
  termsOfService: `Terms of Service | ${SITE_NAME}`,
  proof: `Proof of Balances | ${SITE_NAME}`,
  leaderboard: `Leaderboard | ${SITE_NAME}`,
  terms: `Terms of Service | ${SITE_NAME}`,
  privacy: `Privacy Policy | ${SITE_NAME}`,
  login: `Login | ${SITE_NAME}`,
  register: `Register | ${SITE_NAME}`,
  adminLogin: `Admin Login | ${SITE_NAME}`,
  createAdmin: `Create Admin | ${SITE_NAME}`,
  adminTwoFactorSetup: `Set Up Two-Factor | ${SITE_NAME} Admin`,
  forgotPassword: `Forgot Password | ${SITE_NAME}`,
  verifyEmail: `Verify Email | ${SITE_NAME}`,
  checkInbox: `Check Your Inbox | ${SITE_NAME}`,
  resetPassword: `Reset Password | ${SITE_NAME}`,
  dashboard: `Dashboard | ${SITE_NAME}`,
  wallet: `Wallet | ${SITE_NAME}`,
  account: `Account | ${SITE_NAME}`,
  confirmEmailChange: `Confirm Email | ${SITE_NAME}`,
  accountDeleted: `Account Deleted | ${SITE_NAME}`,
  settings: `Settings | ${SITE_NAME}`,
  notifications: `Notifications | ${SITE_NAME}`,
  adminDashboard: `Admin Dashboard | ${SITE_NAME}`,
  adminUsers: `Users | ${SITE_NAME} Admin`,
  adminWallets: `Manage Wallets | ${SITE_NAME} Admin`,
  adminSettings: `Settings | ${SITE_NAME} Admin`,
  adminBlog: `Blog | ${SITE_NAME} Admin`,
  adminBlogAction: `Blog | ${SITE_NAME} Admin`,
  adminCommunity: `Community Management | ${SITE_NAME} Admin`,
  mailbox: `Mailbox | ${SITE_NAME}`,
};

export const NOT_FOUND_TITLE = `Page Not Found | ${SITE_NAME}`;

const compiled = (Object.keys(paths) as PathKey[]).map((key) => {
  const source = paths[key].path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return part ? `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : '';
    })
    .join('');
  return { key, pattern: new RegExp(`^${source || '/'}/?$`) };
});

/** Which route a pathname belongs to, or null for a page that does not exist. */
export function matchPath(pathname: string): PathKey | null {
  for (const { key, pattern } of compiled) {
    if (pattern.test(pathname)) return key;
  }
  return null;
}
