export { createAdminAccount } from './admin-accounts.ts';
export { adminAuthRoutes } from './auth-routes.ts';
export { adminRoutes } from './routes.ts';
