import type { RouteObject } from 'react-router';

/** The admin area: admin login, create-admin, and the guarded /admin pages. */
export const adminRoutes: RouteObject[] = [];
